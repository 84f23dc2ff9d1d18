import { describe, expect, it } from 'vitest';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { lowerGroovy } from '../../src/extract/languages/groovy/lowering.js';
import { stepScript } from '../../src/extract/languages/groovy/jenkins-steps.js';
import { showHoles } from '../../src/core/hole.js';

const ruleSet = compileRules(builtinRules());
const lint = (file: string, text: string) => lintText(file, text, { ruleSet, context: { project: NO_PROJECT }, prefilter: () => true });
const seen = async (file: string, text: string) => (await lint(file, text)).map((f) => [f.ruleId, f.line, f.method, f.severity]);

describe('Groovy lowering', () => {
  const hub = 'https://hub.docker.com/v2/repositories/acme/';

  it.each([
    ['brackets', (d: number) => `def x = ${'('.repeat(d)}1${')'.repeat(d)}\n`],
    ['closures', (d: number) => `${'node { '.repeat(d)}x = 1${' }'.repeat(d)}\n`],
    ['GString splices', (d: number) => `def x = ${'"${'.repeat(d)}1${'}"'.repeat(d)}\n`],
  ])('nesting of %s under the guard is lowered without overflowing the stack', async (_what, deep) => {
    const text = `${deep(900)}def u = "${hub}"\nprintln u.toURL().text\n`;
    expect(await seen('deep.groovy', text)).toEqual([['hub-list-repositories', text.split('\n').findIndex((l) => l.includes(hub)) + 1, 'GET', 'warning']]);
  });

  it('reads a sh block through the shell lowering, on the line inside the block, with the method of its curl', async () => {
    const text = ["node {", "  sh '''", '    set -e', `    curl -s -X POST \\`, `      ${hub}`, "  '''", '}', ''].join('\n');
    expect(await seen('Jenkinsfile', text)).toEqual([['hub-create-repository', 5, 'POST', 'warning']]);
  });

  it('turns Groovy splices into shell variables with the values the file gives them, never in single quotes', () => {
    const text = [
      "environment { HUB = 'https://hub.docker.com/v2' }",
      "def org = 'acme'",
      'sh "curl ${HUB}/repositories/${org}/ ${params.TAG} \\$HOME"',
      "sh 'curl ${org}'",
      '',
    ].join('\n');
    const { lowered, scripts, environment } = lowerGroovy(text);
    expect(scripts).toHaveLength(2);
    const [double, single] = scripts.map((s) => stepScript(text, s, lowered.defs, environment));
    expect(showHoles(double.text)).toBe('export HUB="https://hub.docker.com/v2"\nexport org="acme"\ncurl ${HUB}/repositories/${org}/ {params.TAG} $HOME');
    // The prelude maps to the Groovy value it writes out, the script to its own characters.
    expect(text.slice(double.startOf(double.text.indexOf('https')), double.endOf(double.text.indexOf('/v2"') + 3))).toBe('https://hub.docker.com/v2');
    expect(text.slice(double.startOf(double.text.indexOf('/repositories')), double.endOf(double.text.indexOf('/repositories') + 13))).toBe('/repositories');
    // In a single-quoted script `${org}` is the shell's variable, which no environment sets.
    expect(single.text).toBe('curl ${org}');
  });

  it('decodes Groovy escapes in a script: `\\\\` is one backslash for the shell', () => {
    const text = "sh '''curl -d \"{\\\\\"a\\\\\":1}\" https://x/'''\n";
    const { lowered, scripts, environment } = lowerGroovy(text);
    expect(stepScript(text, scripts[0], lowered.defs, environment).text).toBe('curl -d "{\\"a\\":1}" https://x/');
  });

  it('a commented-out step is info only; a private registry is silent', async () => {
    const text = [
      "// sh 'curl -X POST https://hub.docker.com/v2/users/login'",
      "sh 'curl -s https://registry.acme.internal/v2/repositories/acme/'",
      "httpRequest url: 'https://registry.acme.internal/v2/users/login', httpMode: 'POST'",
      '',
    ].join('\n');
    expect(await seen('Jenkinsfile', text)).toEqual([['hub-users-login', 1, 'POST', 'info']]);
  });

  it('reads withEnv variables and a script held in a variable', async () => {
    const text = [
      'node {',
      "  withEnv(['HUB_API=https://hub.docker.com/v2']) {",
      `    sh 'curl -s -X POST "$HUB_API/users/login" -d @creds.json'`,
      '  }',
      '  def probe = "curl -sI https://hub.docker.com/v2/repositories/acme/web/"',
      '  sh(script: probe, returnStatus: true)',
      '}',
      '',
    ].join('\n');
    expect(await seen('Jenkinsfile', text)).toEqual([
      ['hub-users-login', 3, 'POST', 'warning'],
      ['hub-check-repository', 5, 'HEAD', 'warning'],
    ]);
  });

  it('reads a groovy fence in Markdown with the Groovy adapter: the curl of the step states the method, the finding is info', async () => {
    const text = ['# CI', '', '```groovy', "stage('Readme') {", "  sh 'curl -s -X POST https://hub.docker.com/v2/users/login -d @creds.json'", '}', '```', ''].join('\n');
    expect(await seen('docs/ci.md', text)).toEqual([['hub-users-login', 5, 'POST', 'info']]);
  });

  it('takes the method from httpRequest, HttpURLConnection and the GDK', async () => {
    const text = [
      "def api = 'https://hub.docker.com/v2'",
      "httpRequest url: api + '/users/login', httpMode: 'POST'",
      "def c = new URL(\"${api}/repositories/acme/web/\").openConnection()",
      "c.setRequestMethod('HEAD')",
      "println \"${api}/repositories/acme/\".toURL().text",
      '',
    ].join('\n');
    expect(await seen('ci.groovy', text)).toEqual([
      ['hub-users-login', 2, 'POST', 'warning'],
      ['hub-check-repository', 3, 'HEAD', 'warning'],
      ['hub-list-repositories', 5, 'GET', 'warning'],
    ]);
  });
});
