import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DockerEngineClient,
  RegistryAuthError,
  encodeRegistryAuth,
  runContainer,
  type PullProgress,
} from '../../src/engine/index.js';
import { collectLogs, engineEnv, tempDir } from './helpers.js';

/** Pulls from the password-protected registry started by scripts/engine-up.sh. */

function clientWith(env: NodeJS.ProcessEnv, lines: string[] = []): DockerEngineClient {
  return new DockerEngineClient({ host: engineEnv().dockerHost, env, debug: (line) => lines.push(line) });
}

async function pullAll(client: DockerEngineClient, image: string, options: Parameters<DockerEngineClient['pullImage']>[1] = {}): Promise<PullProgress[]> {
  const messages: PullProgress[] = [];
  for await (const message of client.pullImage(image, options)) messages.push(message);
  return messages;
}

function basicAuth(user: string, password: string): string {
  return Buffer.from(`${user}:${password}`).toString('base64');
}

async function expectTagged(client: DockerEngineClient, image: string): Promise<void> {
  const images = await client.listImages({ filters: { reference: [image] } });
  expect(images).toHaveLength(1);
  expect(images[0].Id).toMatch(/^sha256:[0-9a-f]{64}$/);
  expect(images[0].RepoTags).toContain(image);
}

describe('pull from a registry with password auth', () => {
  it('fails with a clear auth error without credentials', async () => {
    const { registryImage, registry } = engineEnv();
    const empty = tempDir();
    const error = await pullAll(clientWith({ DOCKER_CONFIG: empty }), registryImage).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryAuthError);
    const auth = error as RegistryAuthError;
    expect(auth.registry).toBe(registry);
    expect(auth.hadCredentials).toBe(false);
    expect(auth.message).toContain(`Pulling ${registryImage} failed`);
    expect(auth.message).toContain('no basic auth credentials');
    expect(auth.hint).toContain(`docker login ${registry}`);
  });

  it('pulls with explicit credentials and reads the progress stream to its end', async () => {
    const { registryImage, registry, registryUser, registryPassword } = engineEnv();
    const lines: string[] = [];
    const client = clientWith({ DOCKER_CONFIG: tempDir() }, lines);
    const messages = await pullAll(client, registryImage, {
      auth: { username: registryUser, password: registryPassword, serveraddress: registry },
    });
    expect(messages[0]).toMatchObject({ status: 'Pulling from team/busybox', id: '1' });
    expect(messages.at(-1)?.status).toMatch(/^Status: (Downloaded newer image|Image is up to date) for /);
    await expectTagged(client, registryImage);
    // The password and the header never reach debug output.
    const secretForms = [registryPassword, encodeRegistryAuth({ username: registryUser, password: registryPassword, serveraddress: registry })];
    for (const line of lines) for (const secret of secretForms) expect(line).not.toContain(secret);
  });

  it('says the credentials were refused when the password is wrong, without echoing it', async () => {
    const { registryImage, registry, registryUser } = engineEnv();
    const error = await pullAll(clientWith({}), registryImage, {
      auth: { username: registryUser, password: 'wrong-password-123', serveraddress: registry },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryAuthError);
    expect((error as RegistryAuthError).hadCredentials).toBe(true);
    expect((error as Error).message).not.toContain('wrong-password-123');
    expect(JSON.stringify(error)).not.toContain('wrong-password-123');
  });

  it('takes credentials from auths in $DOCKER_CONFIG/config.json', async () => {
    const { registryImage, registry, registryUser, registryPassword } = engineEnv();
    const config = tempDir();
    writeFileSync(join(config, 'config.json'), JSON.stringify({ auths: { [`http://${registry}`]: { auth: basicAuth(registryUser, registryPassword) } } }));
    const last = await clientWith({ DOCKER_CONFIG: config }).pullImageToEnd(registryImage);
    expect(last?.status).toMatch(/^Status: /);
  });

  it('takes credentials from a credential helper named in credHelpers', async () => {
    const { registryImage, registry, registryUser, registryPassword } = engineEnv();
    const dir = tempDir();
    const asked = join(dir, 'asked.txt');
    const helper = join(dir, 'docker-credential-hublinttest');
    writeFileSync(
      helper,
      [
        '#!/bin/sh',
        '[ "$1" = get ] || exit 2',
        `cat > '${asked}'`,
        `printf '%s' '{"ServerURL":"${registry}","Username":"${registryUser}","Secret":"${registryPassword}"}'`,
        '',
      ].join('\n'),
    );
    chmodSync(helper, 0o755);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ credHelpers: { [registry]: 'hublinttest' } }));
    const client = clientWith({ DOCKER_CONFIG: dir, PATH: `${dir}:${process.env.PATH}` });
    const last = await client.pullImageToEnd(registryImage);
    expect(last?.status).toMatch(/^Status: /);
    expect(readFileSync(asked, 'utf8')).toBe(registry);
  });

  it('takes credentials from a credsStore helper, and the flow pulls with them', async () => {
    const { registryImage, registryUser, registryPassword } = engineEnv();
    const dir = tempDir();
    const helper = join(dir, 'docker-credential-hublintstore');
    writeFileSync(
      helper,
      `#!/bin/sh\nread server\nprintf '{"ServerURL":"%s","Username":"${registryUser}","Secret":"${registryPassword}"}' "$server"\n`,
    );
    chmodSync(helper, 0o755);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ credsStore: 'hublintstore' }));
    const client = clientWith({ DOCKER_CONFIG: dir, PATH: `${dir}:${process.env.PATH}` });
    const progress: PullProgress[] = [];
    const result = await runContainer(client, {
      image: registryImage,
      cmd: ['echo', 'pulled and ran'],
      pull: 'always',
      onPullProgress: (m) => progress.push(m),
    });
    try {
      expect(progress.length).toBeGreaterThan(0);
      expect(result.statusCode).toBe(0);
      expect((await collectLogs(result.logs())).stdout).toBe('pulled and ran\n');
    } finally {
      await result.remove();
    }
  });

  it('names the helper when it is not installed', async () => {
    const { registryImage, registry } = engineEnv();
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ credHelpers: { [registry]: 'not-installed-xyz' } }));
    const error = await pullAll(clientWith({ DOCKER_CONFIG: dir, PATH: '/nonexistent' }), registryImage).catch((e: unknown) => e);
    expect((error as Error).message).toContain('docker-credential-not-installed-xyz is not installed');
  });
});
