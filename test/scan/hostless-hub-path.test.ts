import { describe, expect, it } from 'vitest';
import { holdsHostlessHubPath } from '../../src/extract/prefilter.js';
import { mayJoinForeignBase } from '../../src/scan/read/read-batch.js';

describe('the read gate for Hub paths another file may complete', () => {
  it('passes a path written without a host', () => {
    expect(holdsHostlessHubPath('const p = "/v2/repositories/" + ns;')).toBe(true);
    expect(holdsHostlessHubPath('url = `${base}/repositories/${ns}/`')).toBe(true);
    expect(holdsHostlessHubPath("post('users/login', creds)")).toBe(true);
    expect(holdsHostlessHubPath('fmt.Sprintf("%s/repositories/%s", c.base, ref)')).toBe(true);
  });

  it('skips a path inside a URL that names its own host', () => {
    expect(holdsHostlessHubPath('// see https://learn.example.com/rest/git/repositories/create?view=v7')).toBe(false);
    expect(holdsHostlessHubPath('const u = "https://git.example.org/api/repositories/list";')).toBe(false);
  });

  it('passes the file when any one occurrence is host-less', () => {
    expect(holdsHostlessHubPath('// https://docs.example.com/repositories/x\nget("/v2/repositories/" + n)')).toBe(true);
  });

  it('leaves declaration files out: they run nothing', () => {
    expect(mayJoinForeignBase('src/api.ts', 'get("/v2/repositories/" + n)')).toBe(true);
    expect(mayJoinForeignBase('types/api.d.ts', 'get("/v2/repositories/" + n)')).toBe(false);
  });
});
