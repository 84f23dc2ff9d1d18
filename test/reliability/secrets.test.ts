import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { redact } from '../../src/core/redact.js';
import { FORMATS } from '../../src/report/index.js';
import { hublint } from '../helpers/cli.js';

// Each secret shares its line with a deprecated call, so it lands in snippets and URLs.
const SECRETS = {
  urlPassword: 'UrlPassw0rd',
  bearer: 'bearerTok3nValue99',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhY21lIn0.c2lnbmF0dXJlUGFydA',
  pat: 'dckr_pat_2b3e36beeb386dfdaacb9b46004ccb7c',
  oat: 'dckr_oat_7awgM4jG5SQvxcvmNzhKj8PQjxo',
  registryAuth: 'eyJ1c2VybmFtZSI6ImEiLCJwYXNzd29yZCI6ImIifQ==',
  configAuth: 'YWNtZTpzM2NyM3RQYXNz',
  loginPassword: 'L0ginPassw0rd',
  curlUser: 'CurlPassw0rd',
};

const FILES: Record<string, string> = {
  'calls.sh': [
    `curl https://acme:${SECRETS.urlPassword}@hub.docker.com/v2/repositories/acme/web/`,
    `curl -H "Authorization: Bearer ${SECRETS.bearer}" https://hub.docker.com/v2/repositories/acme/api/`,
    `curl -H "Authorization: JWT ${SECRETS.jwt}" https://hub.docker.com/v2/repositories/acme/`,
    `TOKEN=${SECRETS.pat} curl -H "Authorization: Bearer $TOKEN" https://hub.docker.com/v2/repositories/acme/db/`,
    `curl -H "X-Registry-Auth: ${SECRETS.registryAuth}" https://hub.docker.com/v2/repositories/acme/cache/`,
    `echo ${SECRETS.loginPassword} | docker login -u acme -p ${SECRETS.loginPassword} && curl https://hub.docker.com/v2/repositories/acme/x/`,
    `curl -u acme:${SECRETS.curlUser} https://hub.docker.com/v2/repositories/acme/y/`,
    `curl -H 'Authorization: Bearer ${SECRETS.oat}' https://hub.docker.com/v2/repositories/acme/z/`,
  ].join('\n'),
  'config.json': `{"auths": {"https://index.docker.io/v1/": {"auth": "${SECRETS.configAuth}"}}, "hub": "https://hub.docker.com/v2/repositories/acme/web/"}\n`,
  'client.js': `fetch("https://hub.docker.com/v2/repositories/acme/web/", { headers: { Authorization: "Bearer ${SECRETS.pat}" } });\n`,
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hublint-secrets-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
});

function assertClean(text: string, where: string) {
  for (const [kind, secret] of Object.entries(SECRETS)) expect(text.includes(secret), `${kind} leaked in ${where}`).toBe(false);
}

describe('secrets never leave', () => {
  it('redact() masks every kind', () => {
    assertClean(redact(Object.values(FILES).join('\n')), 'redact()');
  });

  for (const format of FORMATS) {
    it(`the ${format} report holds findings but no secret`, () => {
      const r = hublint(['--format', format, '--debug', '.'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stdout.length).toBeGreaterThan(0);
      expect(r.stdout).toMatch(/hub-get-repository/);
      assertClean(r.stdout, `${format} stdout`);
      assertClean(r.stderr, `${format} stderr`);
    });
  }

  it('--fix-dry-run diffs redact nothing they must not, but the summary and reports stay clean', () => {
    const r = hublint(['--report', `sarif=${join(dir, 'out.sarif')}`, '--format', 'json', '.'], { cwd: dir });
    assertClean(readFileSync(join(dir, 'out.sarif'), 'utf8'), 'sarif file');
    assertClean(r.stdout + r.stderr, 'json run');
  });

  it('a JSON or SARIF report stays valid JSON where a masked value stood next to an escaped quote', () => {
    const script = 'TOKEN="$(curl -s -X POST -d "{\\"username\\": \\"$U\\", \\"password\\": \\"$P\\"}" "https://hub.docker.com/v2/users/login/" | jq -r .token)"\n';
    for (const format of ['json', 'sarif', 'gitlab']) {
      const r = hublint(['--stdin', '--stdin-filename', 'token.sh', '--format', format], { input: script });
      expect(r.code, r.stderr).toBe(1);
      expect(() => JSON.parse(r.stdout), `${format}: ${r.stdout.slice(0, 300)}`).not.toThrow();
    }
  });

  it('error messages and --debug stacks are redacted', () => {
    const r = hublint(['--debug', `https://acme:${SECRETS.urlPassword}@hub.docker.com/missing`], { cwd: dir });
    expect(r.code).toBe(2);
    assertClean(r.stderr, 'error output');
  });
});
