import { beforeAll, describe, expect, it } from 'vitest';
import { loadAdapter } from '../../src/extract/registry.js';
import { goModuleFiles, mayDefineMember, MAX_MODULE_FILES, type TreeFs } from '../../src/extract/resolve/members.js';
import { structType } from '../../src/extract/languages/go/lowering.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import { lintText } from '../../src/scan/lint-file.js';
import { projectResolver } from '../../src/scan/project-files.js';

// Go struct fields answered module-wide (resolve/members.ts): the values a type's field is
// given anywhere in the module, on an in-memory project (nothing on disk).
const ruleSet = compileRules(builtinRules());
async function found(files: Record<string, string>, file: string): Promise<string[]> {
  const project = projectResolver({ cwd: '/nonexistent-hublint-members', maxSize: 1 << 20, files: Object.entries(files).map(([path, text]) => ({ path, text })) });
  const findings = await lintText(file, files[file], { ruleSet, context: { project }, prefilter: () => true });
  return findings.map((f) => `${f.line} ${f.ruleId} ${f.method}`);
}

beforeAll(async () => {
  await loadAdapter('go');
});

const remote = [
  'package relay',
  'import "net/http"',
  'type Relay struct{ host string }',
  'func (r *Relay) Owned(org string) (*http.Response, error) {',
  '\treturn http.Get(r.host + "/v2/repositories/" + org + "/")',
  '}',
  '',
].join('\n');

describe('Go members module-wide', () => {
  it('a receiver field set by a table in another file of the package', async () => {
    const files = {
      'go.mod': 'module example.test/relay\n',
      'relay/relay.go': remote,
      'relay/table.go': 'package relay\n\nvar Hosts = map[string]*Relay{\n\t"hub": {host: "https://hub.docker.com"},\n\t"own": {host: "https://own.example"},\n}\n',
    };
    expect(await found(files, 'relay/relay.go')).toEqual(['5 hub-list-repositories GET']);
  });

  it('another type with a field of the same name gives nothing', async () => {
    const files = {
      'go.mod': 'module example.test/relay\n',
      'relay/relay.go': remote,
      'other/other.go': 'package other\n\ntype Cache struct{ host string }\n\nvar C = &Cache{host: "https://hub.docker.com"}\n',
    };
    expect(await found(files, 'relay/relay.go')).toEqual([]);
  });

  it("a constructor's parameter is read at its caller in another package", async () => {
    const files = {
      'go.mod': 'module example.test/relay\n',
      'relay/relay.go': remote,
      'relay/new.go': 'package relay\n\nfunc New(h string) *Relay {\n\treturn &Relay{host: h}\n}\n',
      'cmd/relayctl/main.go': 'package main\n\nimport "example.test/relay/relay"\n\nfunc main() {\n\t_ = relay.New("https://hub.docker.com")\n}\n',
    };
    expect(await found(files, 'relay/relay.go')).toEqual(['5 hub-list-repositories GET']);
  });

  it('reads struct types and table element types', () => {
    expect(structType('*registry.Remote')).toEqual({ struct: 'Remote' });
    expect(structType('Remote[T]')).toEqual({ struct: 'Remote' });
    expect(structType('map[string]*Remote')).toEqual({ element: '*Remote' });
    expect(structType('[]Remote')).toEqual({ element: 'Remote' });
    expect(structType('struct{ a int }')).toEqual({});
  });

  it('a line scan says which files may set the field', () => {
    expect(mayDefineMember('\t"hub": {host: "h"},', 'host')).toBe(true);
    expect(mayDefineMember('\tr.host = h', 'host')).toBe(true);
    expect(mayDefineMember('\thost := h', 'host')).toBe(false);
    expect(mayDefineMember('if r.host == h {', 'host')).toBe(false);
    expect(mayDefineMember('a(b', 'a(b')).toBe(false);
  });

  it('the module walk is capped, skips vendored and nested modules', () => {
    const fs: TreeFs = {
      has: () => true,
      read: () => undefined,
      list: (d) => (d === 'nested' ? ['go.mod', 'x.go'] : Array.from({ length: 50 }, (_, i) => `f${i}.go`).concat(['a_test.go'])),
      folders: (d) => (d === '.' ? ['vendor', 'nested', '.git', ...Array.from({ length: 20 }, (_, i) => `p${i}`)] : []),
    };
    const files = goModuleFiles(fs, '.');
    expect(files.length).toBe(MAX_MODULE_FILES);
    expect(files.some((f) => f.startsWith('vendor/') || f.startsWith('nested/') || f.startsWith('.git/') || f.endsWith('_test.go'))).toBe(false);
  });
});
