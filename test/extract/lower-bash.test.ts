import { describe, expect, it } from 'vitest';
import { NO_PROJECT } from '../../src/extract/types.js';
import { loadParser } from '../../src/runtime/parsers.js';
import { lowerBash } from '../../src/extract/languages/shell/lowering.js';
import { Evaluator, Program } from '../../src/extract/lower/evaluate.js';
import { treeAdapter } from '../../src/extract/lower/adapter.js';
import { shellTree } from '../../src/extract/languages/shell/tree.js';

async function lowered(text: string) {
  const tree = (await loadParser('bash')).parse(text);
  try {
    return lowerBash(tree, text);
  } finally {
    tree.delete();
  }
}

/** The value of the last definition of `name`, as source slices and {holes}. */
async function valueOf(text: string, name: string): Promise<string[]> {
  const l = await lowered(text);
  const def = l.defs.filter((d) => d.name === name).pop();
  if (!def) throw new Error(`no definition of ${name}`);
  return new Evaluator(new Program(l, 'a.sh', NO_PROJECT, true)).evaluate(def.value).map((p) => ('text' in p ? text.slice(p.start, p.end) : `{${p.hole}}`));
}

const candidates = async (text: string) => (await treeAdapter(shellTree)).extract('a.sh', text, { project: NO_PROJECT });

describe('shell lowering', () => {
  it('keeps exact ranges of quoted, single-quoted and concatenated words', async () => {
    expect(await valueOf(`B=https://h.example\nu="$B"/v2/'x y'"/$N"\n`, 'u')).toEqual(['https://h.example', '/v2/', 'x y', '/', '{N}']);
  });

  it('reads ${VAR:-default} as the environment with its default, and export/local/readonly as assignments', async () => {
    const text = 'export HOST=${HUB_HOST:-hub.example}\nreadonly P=/v2\nf() { local u="https://$HOST$P/x"; }\n';
    expect(await valueOf(text, 'HOST')).toEqual(['hub.example']);
    expect(await valueOf(text, 'u')).toEqual(['https://', 'hub.example', '/v2', '/x']);
  });

  it('lowers $(...) as opaque but still sees the commands inside it', async () => {
    const l = await lowered('t=$(curl -s "https://h.example/v2/users/login" | jq .token)\n');
    expect(l.defs[0].value.kind).toBe('opaque');
    expect(l.calls.map((c) => c.name)).toEqual(['curl', 'jq']);
  });

  it('binds $1 to the words of call sites and records source as an import', async () => {
    const l = await lowered('. ./common.sh\nsource lib/hub.sh\nget() { curl "https://h.example/v2/repositories/$1/"; }\nget acme/web\n');
    expect(l.imports.map((i) => i.module)).toEqual(['./common.sh', 'lib/hub.sh']);
    const ev = new Evaluator(new Program(l, 'a.sh', NO_PROJECT, true));
    const fn = l.scopes.find((s) => s.name === 'get')!;
    expect(ev.examples(fn, '1')).toEqual(['acme/web']);
  });

  it('reads the method from curl, wget and HTTPie options', async () => {
    const u = 'https://hub.docker.com/v2/repositories/acme/web/';
    const methods = async (line: string) => (await candidates(line + '\n')).map((c) => `${c.method}/${c.methodSource}`);
    expect(await methods(`curl -X POST ${u}`)).toEqual(['POST/explicit']);
    expect(await methods(`curl --request DELETE "${u}"`)).toEqual(['DELETE/explicit']);
    expect(await methods(`curl --data-raw '{}' ${u}`)).toEqual(['POST/implied']);
    expect(await methods(`curl -G -d page=2 ${u}`)).toEqual(['GET/implied']);
    expect(await methods(`curl -sI ${u}`)).toEqual(['HEAD/implied']);
    expect(await methods(`wget --method=PATCH ${u}`)).toEqual(['PATCH/explicit']);
    expect(await methods(`wget --post-data x=1 ${u}`)).toEqual(['POST/implied']);
    expect(await methods(`http POST ${u} name=web`)).toEqual(['POST/explicit']);
    expect(await methods(`curl -X "$M" ${u}`)).toEqual(['null/unknown']);
  });

  it('reports a URL built once and used in a loop once, where it is built', async () => {
    const text = 'url="https://hub.docker.com/v2/repositories/${ORG}/?page_size=50"\nwhile [ -n "$url" ]; do\n  r=$(curl -fsS "$url")\n  url=$(echo "$r" | jq -r .next)\ndone\n';
    const found = await candidates(text);
    expect(found).toHaveLength(1);
    expect(text.slice(found[0].start, found[0].end)).toBe('https://hub.docker.com/v2/repositories/${ORG}/?page_size=50');
  });
});

describe('unquoted words the grammar splits', () => {
  it('reads `$ORG/$IMAGE/tags` as one word: namespace and repository, the tags route (silent)', async () => {
    const { lintText } = await import('../../src/scan/lint-file.js');
    const { compileRules } = await import('../../src/match/ruleset.js');
    const { builtinRules } = await import('../../src/rules/builtin.js');
    const opts = { ruleSet: compileRules(builtinRules()), context: { project: NO_PROJECT }, prefilter: () => true };
    const tags = await lintText('t.sh', 'ORG=$1\nIMAGE=$2\ncurl -s https://hub.docker.com/v2/repositories/$ORG/$IMAGE/tags/ | jq .\n', opts);
    expect(tags).toEqual([]);
    const probe = await lintText('p.sh', 'curl -sI https://hub.docker.com/v2/repositories/$ORG/$IMAGE/\n', opts);
    expect(probe.map((f) => [f.ruleId, f.method, f.alternativeRuleIds ?? []])).toEqual([['hub-check-repository', 'HEAD', []]]);
  });
});
