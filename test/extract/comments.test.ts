import { describe, expect, it } from 'vitest';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';

const ruleSet = compileRules(builtinRules());
const lint = (file: string, text: string) => lintText(file, text, { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true });
const URL = 'https://hub.docker.com/v2/repositories/acme/';

describe('URLs in comments, every language', () => {
  const files: Array<[string, string]> = [
    ['a.ts', `// fetch("${URL}")\nconst x = 1;\n`],
    ['a.js', `/* see ${URL} */\nexport {};\n`],
    ['a.py', `# requests.get("${URL}")\nx = 1\n`],
    ['a.go', `package x\n// http.Get("${URL}")\n`],
    ['a.sh', `# curl ${URL}\necho hi\n`],
    ['Dockerfile', `FROM alpine\n# RUN curl ${URL}\n`],
    ['Makefile', `all:\n# curl ${URL}\n\techo hi\n`],
    ['a.ps1', `# Invoke-RestMethod ${URL}\nWrite-Host hi\n`],
    ['ci.yml', `steps:\n  # - run: curl ${URL}\n  - run: echo hi\n`],
    ['settings.jsonc', `{\n  // "repos": "${URL}",\n  "a": 1\n}\n`],
    ['A.java', `// get("${URL}")\nclass A {}\n`],
    ['a.rb', `# Net::HTTP.get(URI("${URL}"))\n`],
  ];

  it.each(files)('%s: a commented-out call is an info finding on its line', async (file, text) => {
    const found = await lint(file, text);
    expect(found.map((f) => [f.ruleId, f.severity, text.split('\n')[f.line - 1].includes(URL)])).toEqual([['hub-list-repositories', 'info', true]]);
  });

  it('leaves a URL in a string that holds a # alone (YAML quoted scalar, shell word)', async () => {
    const found = await lint('ci.yml', `steps:\n  - "it's # ${URL}"\n`);
    expect(found.map((f) => f.severity)).toEqual(['warning']);
  });
});
