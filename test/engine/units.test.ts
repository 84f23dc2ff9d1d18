import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_API_VERSION_RANGE,
  ContainerStartError,
  DockerApiError,
  DockerEngineClient,
  DOCKER_HUB_AUTH_KEY,
  EngineProtocolError,
  OPERATIONS,
  UnsupportedHostError,
  apiVersionInRange,
  compareApiVersions,
  demuxLogFrames,
  encodeRegistryAuth,
  lookupRegistryAuth,
  negotiateApiVersion,
  normalizeApiVersion,
  parseDockerHost,
  parseJsonLines,
  parseVersionRejection,
  registryOfImage,
  resolveEndpoint,
  splitImageReference,
} from '../../src/engine/index.js';
import { tempDir } from './helpers.js';
import { HublintError } from '../../src/core/errors.js';
import { cliExitCode } from '../../src/cli/engine-errors.js';
import { DetachWatcher, parseDetachKeys } from '../../src/cli/commands/detach-keys.js';

async function* chunks(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

async function all<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('API versions', () => {
  it('compares segment by segment: 1.4 < 1.12 < 1.40', () => {
    expect(compareApiVersions('1.4', '1.12')).toBeLessThan(0);
    expect(compareApiVersions('1.12', '1.40')).toBeLessThan(0);
    expect(compareApiVersions('1.40', '1.4')).toBeGreaterThan(0);
    expect(compareApiVersions('v1.41', '1.41')).toBe(0);
    expect(compareApiVersions('1.41', '1.41.0')).toBe(0);
    expect(compareApiVersions('2.0', '1.99')).toBeGreaterThan(0);
    expect(['1.40', '1.4', '1.12', '1.9'].sort(compareApiVersions)).toEqual(['1.4', '1.9', '1.12', '1.40']);
  });

  it('normalizes written forms', () => {
    expect(normalizeApiVersion('v1.41')).toBe('1.41');
    expect(normalizeApiVersion(' 1.24 ')).toBe('1.24');
    expect(normalizeApiVersion('1.041')).toBe('1.41');
    expect(normalizeApiVersion('1')).toBeUndefined();
    expect(normalizeApiVersion('latest')).toBeUndefined();
  });

  it('has one range constant: 1.24 to 1.55', () => {
    expect(CLIENT_API_VERSION_RANGE).toEqual({ min: '1.24', max: '1.55' });
    expect(apiVersionInRange('1.41', CLIENT_API_VERSION_RANGE)).toBe(true);
    expect(apiVersionInRange('1.12', CLIENT_API_VERSION_RANGE)).toBe(false);
    expect(apiVersionInRange('1.56', CLIENT_API_VERSION_RANGE)).toBe(false);
  });

  it('negotiates the lower of the two maxima', () => {
    expect(negotiateApiVersion('1.41')).toBe('1.41');
    expect(negotiateApiVersion('1.60')).toBe('1.55');
    expect(negotiateApiVersion(undefined)).toBe('1.24');
    expect(() => negotiateApiVersion('1.23')).toThrow('The Docker daemon\'s newest API version is 1.23, older than 1.24, the oldest hublint speaks');
  });

  it('reads both kinds of refusal', () => {
    expect(parseVersionRejection('client version 1.99 is too new. Maximum supported API version is 1.41')).toEqual({
      requested: '1.99',
      direction: 'too-new',
      limit: '1.41',
    });
    expect(
      parseVersionRejection('client version 1.11 is too old. Minimum supported API version is 1.12, please upgrade your client to a newer version'),
    ).toEqual({ requested: '1.11', direction: 'too-old', limit: '1.12' });
    expect(parseVersionRejection('No such container: x')).toBeUndefined();
  });
});

describe('operations as data', () => {
  it('gives every operation of the client a method, a path and success statuses', () => {
    expect(OPERATIONS.createContainer).toMatchObject({ method: 'POST', path: '/containers/create', ok: [201] });
    expect(OPERATIONS.startContainer).toMatchObject({ method: 'POST', path: '/containers/{id}/start', ok: [204], noChange: [304] });
    expect(OPERATIONS.waitContainer).toMatchObject({ method: 'POST', path: '/containers/{id}/wait', timeout: 'none' });
    expect(OPERATIONS.containerLogs).toMatchObject({ method: 'GET', path: '/containers/{id}/logs' });
    expect(OPERATIONS.listContainers).toMatchObject({ method: 'GET', path: '/containers/json' });
    expect(OPERATIONS.stopContainer).toMatchObject({ method: 'POST', path: '/containers/{id}/stop', noChange: [304] });
    expect(OPERATIONS.listImages).toMatchObject({ method: 'GET', path: '/images/json' });
    expect(OPERATIONS.pullImage).toMatchObject({ method: 'POST', path: '/images/create', timeout: 'none' });
    expect(OPERATIONS.commitContainer).toMatchObject({ method: 'POST', path: '/commit', ok: [201] });
    expect(OPERATIONS.ping.versioned).toBe(false);
  });
});

describe('DOCKER_HOST and contexts', () => {
  it('parses unix and tcp hosts', () => {
    expect(parseDockerHost('unix:///var/run/docker.sock')).toEqual({ kind: 'unix', socketPath: '/var/run/docker.sock', display: 'unix:///var/run/docker.sock' });
    expect(parseDockerHost('tcp://10.0.0.2:2375')).toMatchObject({ kind: 'tcp', hostname: '10.0.0.2', port: 2375 });
    expect(parseDockerHost('tcp://docker.example')).toMatchObject({ port: 2375 });
    expect(parseDockerHost('tcp://docker.example', { verify: true })).toMatchObject({ port: 2376 });
    expect(parseDockerHost('tcp://[::1]:2376/')).toMatchObject({ hostname: '::1', port: 2376, display: 'tcp://[::1]:2376' });
    expect(parseDockerHost('127.0.0.1:2375')).toMatchObject({ kind: 'tcp', port: 2375 });
  });

  it('refuses ssh:// and npipe:// in plain words, with an error that is no HublintError (the CLI maps it to exit 2)', () => {
    for (const host of ['ssh://me@box', 'npipe:////./pipe/docker_engine', 'fd://']) {
      let caught: unknown;
      try {
        parseDockerHost(host);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(UnsupportedHostError);
      expect(caught).not.toBeInstanceOf(HublintError);
      expect(cliExitCode(caught)).toBe(2);
      expect((caught as Error).message).toMatch(new RegExp(`^Docker host "${host.replace(/[/.]/g, '\\$&')}" is not supported: `));
    }
    expect(() => parseDockerHost('tcp://user:secret@host:2375')).toThrow(/carries credentials/);
  });

  it('resolves in the Docker CLI order: option, DOCKER_HOST, DOCKER_CONTEXT, currentContext, default', async () => {
    const config = tempDir();
    const addContext = (name: string, host: string): void => {
      const meta = join(config, 'contexts', 'meta', createHash('sha256').update(name).digest('hex'));
      mkdirSync(meta, { recursive: true });
      writeFileSync(join(meta, 'meta.json'), JSON.stringify({ Name: name, Endpoints: { docker: { Host: host } } }));
    };
    addContext('current', 'unix:///from/current.sock');
    addContext('chosen', 'unix:///from/chosen.sock');
    writeFileSync(join(config, 'config.json'), JSON.stringify({ currentContext: 'current' }));
    const env = { DOCKER_CONFIG: config };
    const display = async (options: Parameters<typeof resolveEndpoint>[0]): Promise<string> => (await resolveEndpoint(options)).display;
    expect(await display({ env })).toBe('unix:///from/current.sock');
    expect(await display({ env: { ...env, DOCKER_CONTEXT: 'chosen' } })).toBe('unix:///from/chosen.sock');
    expect(await display({ env: { ...env, DOCKER_CONTEXT: 'chosen', DOCKER_HOST: 'unix:///from/env.sock' } })).toBe('unix:///from/env.sock');
    expect(await display({ env: { ...env, DOCKER_HOST: 'unix:///from/env.sock' }, host: 'unix:///from/option.sock' })).toBe('unix:///from/option.sock');
    expect(await display({ env: { ...env, DOCKER_CONTEXT: 'default' } })).toBe('unix:///var/run/docker.sock');
    expect(await display({ env: { DOCKER_CONFIG: tempDir() } })).toBe('unix:///var/run/docker.sock');
    await expect(resolveEndpoint({ env: { ...env, DOCKER_CONTEXT: 'nope' } })).rejects.toThrow(/Docker context "nope" not found/);
  });

  it('turns on TLS as the docker CLI does: DOCKER_TLS_VERIFY (verified) or DOCKER_TLS, never DOCKER_CERT_PATH alone', async () => {
    const certs = tempDir();
    writeFileSync(join(certs, 'ca.pem'), 'CA');
    const verified = await resolveEndpoint({ env: { DOCKER_HOST: 'tcp://h:2376', DOCKER_CERT_PATH: certs, DOCKER_TLS_VERIFY: '1' } });
    expect(verified).toMatchObject({ kind: 'tcp', tls: { verify: true, ca: Buffer.from('CA') } });
    const certPathOnly = await resolveEndpoint({ env: { DOCKER_HOST: 'tcp://h:2376', DOCKER_CERT_PATH: certs } });
    expect(certPathOnly).toMatchObject({ tls: undefined });
    const unverified = await resolveEndpoint({ env: { DOCKER_HOST: 'tcp://h:2376', DOCKER_CERT_PATH: certs, DOCKER_TLS: '1' } });
    expect(unverified).toMatchObject({ tls: { verify: false, ca: Buffer.from('CA') } });
    const plain = await resolveEndpoint({ env: { DOCKER_HOST: 'tcp://h:2375' } });
    expect(plain).toMatchObject({ tls: undefined });
    await expect(resolveEndpoint({ env: { DOCKER_HOST: 'tcp://h', DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: tempDir() } })).rejects.toThrow(/ca\.pem cannot be read/);
  });
});

describe('DOCKER_API_VERSION', () => {
  it('accepts 1.41.0 as 1.41 (the daemon compares segment by segment) and refuses other patch numbers', () => {
    expect(new DockerEngineClient({ env: { DOCKER_API_VERSION: '1.41.0' } }).pinnedApiVersion).toBe('1.41');
    expect(new DockerEngineClient({ env: { DOCKER_API_VERSION: 'v1.40' } }).pinnedApiVersion).toBe('1.40');
    expect(() => new DockerEngineClient({ env: { DOCKER_API_VERSION: '1.41.3' } })).toThrow(/DOCKER_API_VERSION "1\.41\.3" is not an API version like 1\.41/);
  });
});

describe('image references and registry credentials', () => {
  it('finds the registry and the tag', () => {
    expect(registryOfImage('busybox')).toBe('docker.io');
    expect(registryOfImage('team/app')).toBe('docker.io');
    expect(registryOfImage('127.0.0.1:5000/team/app')).toBe('127.0.0.1:5000');
    expect(registryOfImage('localhost/app')).toBe('localhost');
    expect(registryOfImage('ghcr.io/o/r')).toBe('ghcr.io');
    expect(splitImageReference('127.0.0.1:5000/team/app')).toEqual({ name: '127.0.0.1:5000/team/app' });
    expect(splitImageReference('127.0.0.1:5000/team/app:1')).toEqual({ name: '127.0.0.1:5000/team/app', tag: '1' });
    expect(splitImageReference('app@sha256:abc')).toEqual({ name: 'app', digest: 'sha256:abc' });
  });

  it('encodes X-Registry-Auth as URL-safe Base64 keeping the padding', () => {
    const encoded = encodeRegistryAuth({ username: 'u', password: 'p?>', serveraddress: 'r' });
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+=*$/);
    expect(encoded.length % 4).toBe(0);
    expect(JSON.parse(Buffer.from(encoded, 'base64url').toString())).toEqual({ username: 'u', password: 'p?>', serveraddress: 'r' });
  });

  it('looks credentials up in auths, keyed with or without a scheme; Docker Hub under its v1 URL', async () => {
    const config = tempDir();
    const b64 = (s: string): string => Buffer.from(s).toString('base64');
    writeFileSync(
      join(config, 'config.json'),
      JSON.stringify({ auths: { 'https://reg.example:5000': { auth: b64('alice:pa:ss') }, [DOCKER_HUB_AUTH_KEY]: { auth: b64('bob:hub') } } }),
    );
    const env = { DOCKER_CONFIG: config };
    expect(await lookupRegistryAuth('reg.example:5000', { env })).toEqual({ username: 'alice', password: 'pa:ss', serveraddress: 'https://reg.example:5000' });
    expect(await lookupRegistryAuth('docker.io', { env })).toEqual({ username: 'bob', password: 'hub', serveraddress: DOCKER_HUB_AUTH_KEY });
    expect(await lookupRegistryAuth('other.example', { env })).toBeUndefined();
    expect(await lookupRegistryAuth('x', { env: { DOCKER_CONFIG: tempDir() } })).toBeUndefined();
  });

  it('treats a helper’s "credentials not found" as no credentials, and hides a helper’s failure output', async () => {
    const dir = tempDir();
    const script = (name: string, body: string): void => {
      writeFileSync(join(dir, `docker-credential-${name}`), `#!/bin/sh\n${body}\n`);
      chmodSync(join(dir, `docker-credential-${name}`), 0o755);
    };
    script('empty', 'echo "credentials not found in native keychain"; exit 1');
    script('broken', 'echo "secret-token-in-output"; exit 3');
    script('token', `printf '{"ServerURL":"r","Username":"<token>","Secret":"refresh"}'`);
    const env = (helpers: Record<string, string>): NodeJS.ProcessEnv => {
      const config = tempDir();
      writeFileSync(join(config, 'config.json'), JSON.stringify({ credHelpers: helpers }));
      return { DOCKER_CONFIG: config, PATH: `${dir}:/usr/bin:/bin` };
    };
    expect(await lookupRegistryAuth('r.example', { env: env({ 'r.example': 'empty' }) })).toBeUndefined();
    expect(await lookupRegistryAuth('r.example', { env: env({ 'r.example': 'token' }) })).toEqual({ identitytoken: 'refresh', serveraddress: 'r.example' });
    const error = await lookupRegistryAuth('r.example', { env: env({ 'r.example': 'broken' }) }).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Credential helper docker-credential-broken failed for r.example (exit code 3)');
  });

  it('does not quote config.json when it is not JSON', async () => {
    const config = tempDir();
    writeFileSync(join(config, 'config.json'), '{"auths": {"r": {"auth": "c2VjcmV0OnNlY3JldA=="}},');
    const error = await lookupRegistryAuth('r', { env: { DOCKER_CONFIG: config } }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(`${join(config, 'config.json')} is not a valid JSON object`);
    expect(JSON.stringify(error)).not.toContain('c2VjcmV0');
  });
});

describe('stream parsers', () => {
  const header = (stream: number, size: number): Buffer => {
    const h = Buffer.alloc(8);
    h[0] = stream;
    h.writeUInt32BE(size, 4);
    return h;
  };

  it('passes a large frame on in pieces as it arrives', async () => {
    const out = await all(demuxLogFrames(chunks(header(1, 6), 'abc', 'def', header(2, 1), 'e')));
    expect(out.map((c) => `${c.stream}:${c.data.toString()}`)).toEqual(['stdout:abc', 'stdout:def', 'stderr:e']);
  });

  it('rejects a stream that stops inside a header, and an unknown stream type', async () => {
    await expect(all(demuxLogFrames(chunks(header(1, 1), 'x', Buffer.from([1, 0, 0]))))).rejects.toThrow(
      new EngineProtocolError('Log stream ended inside a frame header (3 of 8 bytes, after 1 frames)'),
    );
    await expect(all(demuxLogFrames(chunks('plain text, not framed')))).rejects.toThrow(/stream type 112/);
  });

  it('splits JSON lines across chunk boundaries, with CRLF and multi-byte characters', async () => {
    const text = Buffer.from('{"status":"é"}\r\n\n{"status":"b"}');
    const out = await all(parseJsonLines(chunks(text.subarray(0, 12), text.subarray(12, 13), text.subarray(13))));
    expect(out).toEqual([{ status: 'é' }, { status: 'b' }]);
  });
});

describe('start errors (issue 33 row 1)', () => {
  it('are classified on the daemon\'s own words, which stay out of everything the error shows', () => {
    // Masking takes `executable` for a bearer token here: only the raw text still says "not found".
    const raw = 'exec: "Bearer executable file not found in $PATH": unknown';
    const error = new ContainerStartError(new DockerApiError({ status: 400, daemonMessage: raw, method: 'POST', path: '/containers/x/start' }));
    expect(error.reason).toBe('not-found');
    expect(error.daemonMessage).toBe('exec: "Bearer *** file not found in $PATH": unknown');
    for (const shown of [error.message, error.daemonMessage, JSON.stringify(error), inspect(error, { showHidden: true, depth: 5 }), Object.values(error).join(' ')]) {
      expect(shown).not.toContain('executable');
    }
  });
});

describe('--detach-keys (issue 33 row 7)', () => {
  it('parses keys as docker does, and refuses what docker refuses', () => {
    expect([...parseDetachKeys('ctrl-p,ctrl-q')]).toEqual([16, 17]);
    expect([...parseDetachKeys('ctrl-@,ctrl-[,ctrl-\\,ctrl-],ctrl-^,ctrl-_,a,Z')]).toEqual([0, 27, 28, 29, 30, 31, 97, 90]);
    for (const bad of ['', 'ctrl-foo', 'ctrl-P', 'alt-x']) expect(() => parseDetachKeys(bad), bad).toThrow(`Invalid detach keys (${bad}) provided`);
  });

  it('holds back what may start the sequence, passes it on when it does not, and never sends the sequence', () => {
    const watch = new DetachWatcher(parseDetachKeys('ctrl-p,ctrl-q'));
    expect(watch.feed(Buffer.from('ab\x10'))).toEqual({ data: Buffer.from('ab'), detached: false });
    expect(watch.feed(Buffer.from('c'))).toEqual({ data: Buffer.from('\x10c'), detached: false });
    expect(watch.feed(Buffer.from('\x10\x10'))).toEqual({ data: Buffer.from('\x10'), detached: false });
    expect(watch.feed(Buffer.from('\x11rest'))).toEqual({ data: Buffer.alloc(0), detached: true });
    const one = new DetachWatcher(parseDetachKeys('x'));
    expect(one.feed(Buffer.from('abxc'))).toEqual({ data: Buffer.from('ab'), detached: true });
  });
});
