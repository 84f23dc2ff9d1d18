import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MORE_OPERATIONS, type MoreOperationName } from '../../src/engine/index.js';
import { tempDir } from './helpers.js';

/**
 * The library's side of the dockerode comparison compiles: every `ts` block of
 * docs/engine-api.md §7 and every cell of the README table's hublint column is type-checked
 * against src/engine (as `hublint/engine`), strict. A renamed method or option breaks this.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

/** How the README's table shows each appended operation (a new one without a row fails the type). */
const SHOWN_AS = {
  inspectImage: 'docker.images.inspect(',
  pushImage: 'docker.pushImageToEnd(',
  createExec: 'docker.createExec(',
  startExec: 'docker.startExec(',
  inspectExec: 'docker.inspectExec(',
  resizeExec: 'docker.resizeExec(',
  events: 'docker.events(',
  createNetwork: 'docker.networks.create(',
  listNetworks: 'docker.networks.list(',
  inspectNetwork: 'docker.networks.inspect(',
  removeNetwork: 'docker.networks.remove(',
  connectNetwork: 'docker.networks.connect(',
  disconnectNetwork: 'docker.networks.disconnect(',
  createVolume: 'docker.volumes.create(',
  listVolumes: 'docker.volumes.list(',
  inspectVolume: 'docker.volumes.inspect(',
  removeVolume: 'docker.volumes.remove(',
  pruneVolumes: 'docker.volumes.prune(',
  topContainer: 'docker.topContainer(',
  containerStats: 'docker.containerStats(',
  restartContainer: 'docker.restartContainer(',
  renameContainer: 'docker.renameContainer(',
  updateContainer: 'docker.updateContainer(',
  pruneContainers: 'docker.pruneContainers(',
  systemDf: 'docker.systemDf(',
} satisfies Record<MoreOperationName, string>;

function docBlocks(): string[] {
  const doc = readFileSync(join(root, 'docs/engine-api.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## 7. The library beside dockerode'));
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
}

/** Rows of the README table: [operation, dockerode cell, hublint cell]. */
function tableRows(): string[][] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const table = /<!-- engine-dockerode:begin[^>]*-->\n([\s\S]*?)<!-- engine-dockerode:end -->/.exec(readme);
  expect(table, 'the README has the dockerode table between its markers').not.toBeNull();
  return table![1]
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Operation') && !line.startsWith('|---'))
    .map((line) => line.slice(2, -2).split(' | '));
}

/** The first code span of a cell; the rest of a cell is prose. */
function codeOf(cell: string): string | undefined {
  return /`([^`]+)`/.exec(cell)?.[1];
}

/** Type-checks the files together, in one program (loading TypeScript's libraries once); errors per file. */
function typeCheck(files: Record<string, string>): Record<string, string[]> {
  const dir = tempDir('hl-doc-');
  mkdirSync(dir, { recursive: true });
  const names = Object.entries(files).map(([name, text]) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  });
  const program = ts.createProgram(names, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: ['node'],
    typeRoots: [join(root, 'node_modules/@types')],
    paths: { 'hublint/engine': [join(root, 'src/engine/index.ts')] },
  });
  const errors: Record<string, string[]> = Object.fromEntries(Object.keys(files).map((name) => [name, []]));
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const file = d.file ? d.file.fileName.slice(dir.length + 1) : '(options)';
    const line = d.file ? d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1 : 0;
    (errors[file] ??= []).push(`${line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  }
  return errors;
}

function tableModule(): string {
  const bodies = tableRows().map(([, , ours], i) => `export async function row${i}(): Promise<void> {\n  ${codeOf(ours)};\n}\n`);
  return `import { DockerEngineClient, copyOutput } from 'hublint/engine';
declare const docker: DockerEngineClient;
declare const id: string, execId: string, image: string, net: string, vol: string, signal: AbortSignal;
${bodies.join('')}`;
}

let checked: Record<string, string[]> | undefined;
/** All of it at once: the doc's blocks, the table, and one call that must fail. */
function results(): Record<string, string[]> {
  checked ??= typeCheck({
    ...Object.fromEntries(docBlocks().map((text, i) => [`doc-${i}.ts`, text])),
    'table.ts': tableModule(),
    'bad.ts': "import { DockerEngineClient } from 'hublint/engine';\nawait new DockerEngineClient().getEvents({});\nexport {};\n",
  });
  return checked;
}

describe('docs beside dockerode', () => {
  it('docs/engine-api.md §7 pairs a dockerode snippet with a library snippet, and every library snippet type-checks', () => {
    const doc = readFileSync(join(root, 'docs/engine-api.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## 7. The library beside dockerode'));
    const js = [...section.matchAll(/```js\n\/\/ dockerode\n/g)].length;
    const blocks = docBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(6);
    expect(js).toBe(blocks.length);
    const errors = results();
    expect(blocks.map((_, i) => errors[`doc-${i}.ts`])).toEqual(blocks.map(() => []));
    expect(errors['(options)'] ?? []).toEqual([]);
  }, 180_000);

  it("type-checks every cell of the README table's hublint column, each beside a dockerode call", () => {
    const rows = tableRows();
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const [operation, dockerode, ours] of rows) {
      expect(codeOf(dockerode), `row "${operation}" names dockerode's call`).toBeDefined();
      expect(codeOf(ours), `row "${operation}" names the library's call`).toBeDefined();
    }
    expect(results()['table.ts']).toEqual([]);
  }, 180_000);

  it('shows every appended operation in the README table', () => {
    const ours = tableRows()
      .map((row) => row[2])
      .join('\n');
    const missing = (Object.keys(MORE_OPERATIONS) as MoreOperationName[]).filter((name) => !ours.includes(SHOWN_AS[name]));
    expect(missing).toEqual([]);
  });

  it('fails on a call the library does not have (the check is not vacuous)', () => {
    expect(results()['bad.ts'].join('\n')).toContain("Property 'getEvents' does not exist on type 'DockerEngineClient'");
  }, 180_000);
});
