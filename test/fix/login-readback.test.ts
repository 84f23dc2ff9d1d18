import { describe, expect, it } from 'vitest';
import { loginLeftovers } from '../../src/fix/login.js';
import { lexerFor } from '../../src/scan/lint-file.js';

// Issue 31, row 5: the verifier reads the new body keys and the response key back from the
// lexed form of the fixed file, where a body key and a response read are read; the words being
// somewhere in the function (a log line, a variable) are not a migrated body.
async function leftovers(text: string): Promise<string | null> {
  const lexer = (await lexerFor('python'))!;
  return loginLeftovers(text, lexer.lex(text), text.indexOf('https://'), 'python', (t) => lexer.lex(t));
}

describe('login read-back', () => {
  it('accepts a body with identifier and secret and a read of access_token', async () => {
    const ok = ['def sign_in(user, secret):', '    r = requests.post("https://hub.docker.com/v2/auth/token", json={"identifier": user, "secret": secret})', '    return r.json()["access_token"]', ''].join('\n');
    expect(await leftovers(ok)).toBeNull();
  });

  it('refuses when the new names are only words of the function, not the body', async () => {
    const words = ['def sign_in(identifier, secret):', '    r = requests.post("https://hub.docker.com/v2/auth/token", json=make_body(identifier, secret))', '    return r.json()["access_token"]', ''].join('\n');
    expect(await leftovers(words)).toBe('the request body, read back, has no keys identifier and secret');
  });

  it('refuses when access_token is not where the reply is read', async () => {
    const unread = ['def sign_in(user, secret):', '    access_token = None', '    requests.post("https://hub.docker.com/v2/auth/token", json={"identifier": user, "secret": secret})', '    return access_token', ''].join('\n');
    expect(await leftovers(unread)).toBe('the response, read back, is not read as access_token');
  });
});
