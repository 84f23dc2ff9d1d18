import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerEngineClient, EngineConnectionError } from '../../src/engine/index.js';
import { CLI } from '../helpers/cli.js';
import { countingProxy } from './counting-proxy.js';
import { collectLogs, engineEnv, tempDir } from './helpers.js';

/**
 * tcp:// with TLS: a CA and certificates made here with openssl, and a second dockerd
 * that listens only on a loopback TCP port with --tlsverify.
 */

const OPENSSL = '/usr/bin/openssl';
const DOCKERD = '/usr/sbin/dockerd';
let dir = '';
let port = 0;
let daemon: ChildProcess | undefined;

function openssl(...args: string[]): void {
  execFileSync(OPENSSL, args, { cwd: dir, stdio: 'pipe' });
}

function makeCertificates(): void {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=hublint test CA', '-keyout', 'ca-key.pem', '-out', 'ca.pem');
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', 'server-key.pem', '-out', 'server.csr');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', '-days', '2', '-extfile', 'server.ext', '-out', 'server-cert.pem');
  writeFileSync(join(dir, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=hublint client', '-keyout', 'key.pem', '-out', 'client.csr');
  openssl('x509', '-req', '-in', 'client.csr', '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', '-days', '2', '-extfile', 'client.ext', '-out', 'cert.pem');
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as net.AddressInfo;
      server.close(() => resolve(p));
    });
  });
}

let imageLoaded = false;

/** The second daemon has its own image store: the test image is copied over once. */
function loadImage(): string {
  const image = engineEnv().image;
  if (imageLoaded) return image;
  const saved = join(dir, 'image.tar');
  execFileSync('/usr/bin/docker', ['-H', engineEnv().dockerHost, 'save', '-o', saved, image], { env: { PATH: process.env.PATH } });
  execFileSync('/usr/bin/docker', ['--tlsverify', '-H', `tcp://127.0.0.1:${port}`, 'load', '-q', '-i', saved], {
    env: { PATH: process.env.PATH, DOCKER_CERT_PATH: dir },
  });
  imageLoaded = true;
  return image;
}

/** The built CLI bundle as a user runs it (the code cache on, as installed). */
function cli(args: string[], env: NodeJS.ProcessEnv): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tlsEnv(certPath: string, verify = true): NodeJS.ProcessEnv {
  return { DOCKER_HOST: `tcp://127.0.0.1:${port}`, DOCKER_CERT_PATH: certPath, ...(verify ? { DOCKER_TLS_VERIFY: '1' } : {}) };
}

beforeAll(async () => {
  // Short paths: containerd's socket lives under exec-root and must fit in 108 bytes.
  dir = tempDir('hl-tls-');
  makeCertificates();
  port = await freePort();
  const log = openSync(join(dir, 'dockerd.log'), 'a');
  daemon = spawn(
    DOCKERD,
    [
      '--host', `tcp://127.0.0.1:${port}`,
      '--tlsverify', '--tlscacert', join(dir, 'ca.pem'), '--tlscert', join(dir, 'server-cert.pem'), '--tlskey', join(dir, 'server-key.pem'),
      '--data-root', join(dir, 'data'), '--exec-root', join(dir, 'exec'), '--pidfile', join(dir, 'docker.pid'),
      '--storage-driver', 'vfs', '--iptables=false', '--ip-masq=false', '--bridge=none',
    ],
    { stdio: ['ignore', log, log], env: { PATH: process.env.PATH } },
  );
  const client = new DockerEngineClient({ env: tlsEnv(dir) });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (daemon.exitCode !== null) throw new Error(`TLS dockerd exited:\n${readFileSync(join(dir, 'dockerd.log'), 'utf8')}`);
    try {
      await client.ping();
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`TLS dockerd did not come up: ${(error as Error).message}\n${readFileSync(join(dir, 'dockerd.log'), 'utf8')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
});

afterAll(async () => {
  if (daemon && daemon.exitCode === null) {
    const exited = new Promise((resolve) => daemon?.once('exit', resolve));
    daemon.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (daemon.exitCode === null) daemon.kill('SIGKILL');
  }
  if (daemon?.exitCode !== null || daemon.signalCode !== null) rmSync(dir, { recursive: true, force: true });
});

describe('tcp:// with TLS (DOCKER_TLS_VERIFY, DOCKER_CERT_PATH)', () => {
  it('verifies the daemon and authenticates with the client certificate', async () => {
    const client = new DockerEngineClient({ env: tlsEnv(dir) });
    const endpoint = await client.endpoint();
    expect(endpoint).toMatchObject({ kind: 'tcp', hostname: '127.0.0.1', port, display: `tcp://127.0.0.1:${port}` });
    const version = await client.version();
    expect(version.ApiVersion).toBe('1.41');
    expect(await client.apiVersion()).toBe('1.41');
  });

  it('runs a container over TLS', async () => {
    const client = new DockerEngineClient({ env: tlsEnv(dir) });
    const image = loadImage();
    const { Id } = await client.createContainer({ Image: image, Cmd: ['echo', 'over tls'] });
    try {
      await client.startContainer(Id);
      expect((await client.waitContainer(Id)).StatusCode).toBe(0);
      expect((await collectLogs(client.containerLogs(Id))).stdout).toBe('over tls\n');
    } finally {
      await client.removeContainer(Id, { force: true });
    }
  });

  it('refuses a daemon whose certificate its CA did not sign', async () => {
    const other = tempDir('hl-tls-other-');
    execFileSync(OPENSSL, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=other CA', '-keyout', join(other, 'k.pem'), '-out', join(other, 'ca.pem')], { stdio: 'pipe' });
    copyFileSync(join(dir, 'cert.pem'), join(other, 'cert.pem'));
    copyFileSync(join(dir, 'key.pem'), join(other, 'key.pem'));
    const error = await new DockerEngineClient({ env: tlsEnv(other) }).ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect((error as Error).message).toMatch(/^TLS handshake with the Docker daemon at tcp:\/\/127\.0\.0\.1:\d+ failed/);
  });

  it('is refused by the daemon without a client certificate', async () => {
    const onlyCa = tempDir('hl-tls-ca-');
    copyFileSync(join(dir, 'ca.pem'), join(onlyCa, 'ca.pem'));
    const error = await new DockerEngineClient({ env: tlsEnv(onlyCa) }).ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineConnectionError);
  });

  it('does not switch TLS on for DOCKER_CERT_PATH alone, and then says that TLS may be needed', async () => {
    const error = await new DockerEngineClient({ env: tlsEnv(dir, false) }).ping().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect((error as EngineConnectionError).message).toBe(`The Docker daemon at tcp://127.0.0.1:${port} speaks TLS, but hublint connected without TLS`);
    expect((error as EngineConnectionError).hint).toMatch(/^TLS may be needed: set DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH/);
  });

  it('reads the TLS files of a Docker context', async () => {
    const config = tempDir('hl-ctx-');
    const { createHash } = await import('node:crypto');
    const id = createHash('sha256').update('tls-ctx').digest('hex');
    mkdirSync(join(config, 'contexts', 'meta', id), { recursive: true });
    mkdirSync(join(config, 'contexts', 'tls', id, 'docker'), { recursive: true });
    for (const name of ['ca.pem', 'cert.pem', 'key.pem']) copyFileSync(join(dir, name), join(config, 'contexts', 'tls', id, 'docker', name));
    writeFileSync(
      join(config, 'contexts', 'meta', id, 'meta.json'),
      JSON.stringify({ Name: 'tls-ctx', Endpoints: { docker: { Host: `tcp://127.0.0.1:${port}`, SkipTLSVerify: false } } }),
    );
    const client = new DockerEngineClient({ env: { DOCKER_CONFIG: config, DOCKER_CONTEXT: 'tls-ctx' } });
    expect((await client.version()).ApiVersion).toBe('1.41');
  });

  it('keeps one verified TLS connection alive for sequential calls (counted by a pipe in front of the daemon)', async () => {
    const pipe = await countingProxy({ port }, 'tcp');
    try {
      const client = new DockerEngineClient({ env: { ...tlsEnv(dir), DOCKER_HOST: pipe.host } });
      for (let i = 0; i < 5; i++) expect((await client.version()).ApiVersion).toBe('1.41');
      await client.listContainers({ all: true });
      await client.inspectImage(loadImage());
      expect(pipe.connections()).toBe(1);
      client.close();
      await expect.poll(() => pipe.open()).toBe(0);
    } finally {
      await pipe.close();
    }
  });
});

describe('the built CLI over TLS (issue 33 row 10: a dynamic import in the bundle failed every TLS run)', () => {
  it('verifies the daemon with DOCKER_TLS_VERIFY=1 and a good CA: `engine version` and `engine run`', () => {
    const version = cli(['engine', 'version'], tlsEnv(dir));
    expect(version.stderr).toBe('');
    expect(version).toMatchObject({ code: 0 });
    expect(version.stdout).toContain(`Host:           tcp://127.0.0.1:${port}\n`);
    expect(version.stdout).toContain('ApiVersion:     1.41\n');
    const run = cli(['engine', 'run', '--rm', loadImage(), 'echo', 'run over tls'], tlsEnv(dir));
    expect(run).toEqual({ code: 0, stdout: 'run over tls\n', stderr: '' });
  });

  it('refuses a daemon its CA did not sign: one line, exit 2', () => {
    const other = tempDir('hl-tls-cli-other-');
    execFileSync(OPENSSL, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=other CA', '-keyout', join(other, 'k.pem'), '-out', join(other, 'ca.pem')], { stdio: 'pipe' });
    copyFileSync(join(dir, 'cert.pem'), join(other, 'cert.pem'));
    copyFileSync(join(dir, 'key.pem'), join(other, 'key.pem'));
    const result = cli(['engine', 'version'], tlsEnv(other));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^hublint: TLS handshake with the Docker daemon at tcp://127\\.0\\.0\\.1:${port} failed \\([A-Z_]+\\)\\nhint: Check DOCKER_CERT_PATH`));
  });

  it('talks TLS without verifying the daemon with DOCKER_TLS=1 (the client certificate still sent)', () => {
    const result = cli(['engine', 'version'], { DOCKER_HOST: `tcp://127.0.0.1:${port}`, DOCKER_CERT_PATH: dir, DOCKER_TLS: '1' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('ApiVersion:     1.41\n');
  });

  it('takes an https:// host as TLS: verified with the CA given, refused in one line without it', () => {
    const verified = cli(['engine', '-H', `https://127.0.0.1:${port}`, 'version'], { DOCKER_CERT_PATH: dir, DOCKER_TLS_VERIFY: '1' });
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    const unknownCa = cli(['engine', '-H', `https://127.0.0.1:${port}`, 'version'], { HOME: tempDir('hl-tls-home-') });
    expect(unknownCa.code).toBe(2);
    expect(unknownCa.stderr).toMatch(/^hublint: TLS handshake with the Docker daemon at tcp:\/\/127\.0\.0\.1:\d+ failed \([A-Z_]+\)\n/);
    expect(unknownCa.stderr).not.toContain('internal error');
  });
});
