import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { addRunOptions } from '../../src/cli/commands/engine.js';
import type { EngineRunOptions } from '../../src/cli/commands/engine-run.js';

/**
 * What the docker 28 CLI sends as the create request for some `docker run` words, recorded by
 * a loopback HTTP server that answers `_ping` with a chosen API version and refuses the create
 * (so docker stops there). Used when a docker 28 CLI is on PATH; otherwise the bodies it
 * recorded are read from docker28-create-bodies.json.
 */

export const FIXTURE = join(import.meta.dirname, 'docker28-create-bodies.json');
export const HELP_FIXTURE = join(import.meta.dirname, 'docker28-run-help.txt');

/** The docker CLI's major version on PATH, or undefined without one. */
export function dockerCliMajor(): number | undefined {
  const result = spawnSync('docker', ['version', '--format', '{{.Client.Version}}'], { encoding: 'utf8', env: { PATH: process.env.PATH, DOCKER_HOST: 'unix:///nonexistent' } });
  const major = Number.parseInt(result.stdout ?? '', 10);
  return Number.isFinite(major) ? major : undefined;
}

/**
 * Records docker's create body for `docker run WORDS img true` against a daemon of API `api`
 * on `osType` listening on the unix socket `socket`.
 */
export async function recordDockerCreate(words: string[], api: string, socket: string, osType = 'linux'): Promise<{ body?: unknown; error?: string }> {
  let body: string | undefined;
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      if (req.url?.endsWith('/_ping')) {
        res.writeHead(200, { 'API-Version': api, OSType: osType });
        res.end('OK');
      } else if (req.url?.includes('/containers/create')) {
        body = data;
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end('{"message":"recorded"}');
      } else {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        res.end('{"message":"not served here"}');
      }
    });
  });
  rmSync(socket, { force: true });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  const home = mkdtempSync(join(tmpdir(), 'hl-docker-home-'));
  try {
    const stderr = await new Promise<string>((resolve) => {
      const child = spawn('docker', ['run', ...words, 'img', 'true'], { cwd: home, env: { PATH: process.env.PATH, HOME: home, DOCKER_CONFIG: join(home, '.docker'), DOCKER_HOST: `unix://${socket}` } });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('close', () => resolve(err));
    });
    if (body === undefined) return { error: stderr.split('\n')[0].replace(/^docker: /, '') };
    return { body: JSON.parse(body) as unknown };
  } finally {
    server.close();
  }
}

/** The options commander makes of `engine run WORDS img true`, through the table's registration. */
export function parseRunWords(words: string[]): { image: string; args: string[]; options: EngineRunOptions } {
  let parsed: { image: string; args: string[]; options: EngineRunOptions } | undefined;
  const run = new Command('run').argument('<image>').argument('[command...]').passThroughOptions().exitOverride();
  run.configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  addRunOptions(run);
  run.action((image: string, args: string[], options: EngineRunOptions) => {
    parsed = { image, args, options };
  });
  run.parse([...words, 'img', 'true'], { from: 'user' });
  return parsed!;
}

type Leaves = Map<string, unknown>;

/** Leaf paths of a JSON value (arrays are leaves; `{}` is a leaf). */
function leaves(value: unknown, prefix = '', out: Leaves = new Map()): Leaves {
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix === '' ? key : `${prefix}.${key}`, out);
  } else out.set(prefix, value);
  return out;
}

export const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || value === 0 || value === false || (Array.isArray(value) && value.every(isEmpty)) || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0);

/**
 * Where hublint's body differs from docker's in effect: a field hublint leaves out counts as
 * docker's value for no option (the daemon's default), and empty values (null, "", 0, [], {})
 * are alike. Answers the differing paths with both values.
 */
export function effectiveDifferences(hublint: unknown, docker: unknown, dockerBaseline: unknown): { path: string; hublint: unknown; docker: unknown }[] {
  const ours = leaves(hublint);
  const theirs = leaves(docker);
  const base = leaves(dockerBaseline);
  const out: { path: string; hublint: unknown; docker: unknown }[] = [];
  for (const path of new Set([...ours.keys(), ...theirs.keys()])) {
    const actual = ours.has(path) ? ours.get(path) : base.get(path);
    const expected = theirs.get(path);
    if (JSON.stringify(actual) === JSON.stringify(expected) || (isEmpty(actual) && isEmpty(expected))) continue;
    // A prefix that is a leaf on one side and an object on the other: compare the objects.
    if (!ours.has(path) && [...ours.keys()].some((p) => p.startsWith(`${path}.`))) continue;
    out.push({ path, hublint: actual, docker: expected });
  }
  return out;
}
