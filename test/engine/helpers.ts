import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import ts from 'typescript';
import { inject } from 'vitest';
import { DockerEngineClient, type DockerEngineClientOptions, type LogChunk } from '../../src/engine/index.js';
import type { EngineIo } from '../../src/cli/commands/engine-io.js';
import type { EngineTestEnv } from '../setup/engine-global.js';

export function engineEnv(): EngineTestEnv {
  return inject('engine');
}

/** A client for the test daemon that ignores whatever DOCKER_* the shell has. */
export function testClient(options: DockerEngineClientOptions = {}): DockerEngineClient {
  return new DockerEngineClient({ host: engineEnv().dockerHost, env: { PATH: process.env.PATH }, ...options });
}

export function tempDir(prefix = 'hublint-engine-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function collectLogs(chunks: AsyncIterable<LogChunk>): Promise<{ stdout: string; stderr: string; order: string[] }> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const order: string[] = [];
  for await (const chunk of chunks) {
    (chunk.stream === 'stderr' ? err : out).push(chunk.data);
    order.push(chunk.stream);
  }
  return { stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), order };
}

/** Names for containers and images this run creates, so parallel runs do not collide. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Node 20 cannot load TypeScript, so tests that need the client in another process
 * (another user, the CLI with its real exit code) get src/engine and the `engine` command's
 * modules transpiled into `outDir`, with node_modules linked in.
 * Answers `outDir`; files keep their paths (`src/engine/index.js`).
 */
export function transpileSources(outDir: string): string {
  // The `engine` command, src/engine, and every module they import, followed through the
  // imports themselves (a list by hand missed a module the output edge came to import).
  const files: string[] = [];
  const seen = new Set<string>();
  const add = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)) add(join(dirname(file), m[1]).replace(/\.js$/, '.ts'));
  };
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) add(path);
    }
  };
  add(join(root, 'src/cli/commands/engine.ts'));
  walk(join(root, 'src/engine'));
  for (const file of files) {
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    const out = join(outDir, relative(root, file)).replace(/\.ts$/, '.js');
    mkdirSync(dirname(out), { recursive: true, mode: 0o755 });
    writeFileSync(out, outputText, { mode: 0o644 });
  }
  writeFileSync(join(outDir, 'package.json'), '{"type":"module"}\n', { mode: 0o644 });
  symlinkSync(join(root, 'node_modules'), join(outDir, 'node_modules'));
  return outDir;
}

export interface CapturedIo extends EngineIo {
  stdin: PassThrough;
  /** stdout so far, as text. */
  out(): string;
  /** stdout so far, as bytes. */
  outBytes(): Buffer;
  err(): string;
  /** Resolves once stdout holds `text`. */
  sawOut(text: string): Promise<void>;
}

/** Streams for an in-process `engine` command: stdin to write to, stdout and stderr recorded. */
export function captureIo(env: NodeJS.ProcessEnv = {}, extra: Partial<EngineIo> = {}): CapturedIo {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const stdin = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const outBytes = (): Buffer => Buffer.concat(out);
  return {
    stdout,
    stderr,
    env: { PATH: process.env.PATH, ...env },
    ...extra,
    stdin,
    out: () => outBytes().toString(),
    outBytes,
    err: () => Buffer.concat(err).toString(),
    sawOut: (text) =>
      new Promise((resolve) => {
        const check = (): void => {
          if (outBytes().toString('latin1').includes(text)) {
            stdout.off('data', check);
            resolve();
          }
        };
        stdout.on('data', check);
        check();
      }),
  };
}
