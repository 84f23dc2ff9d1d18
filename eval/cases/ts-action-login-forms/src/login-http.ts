import * as core from '@actions/core';
import { HttpClient } from '@actions/http-client';

const hubBase = 'https://hub.docker.com';

export async function loginWithHttpClient(username: string, password: string): Promise<string> {
  const http = new HttpClient('publish-action');
  const res = await http.postJson<{ token: string }>(`${hubBase}/v2/users/login`, { username, password });
  core.setSecret(res.result?.token ?? '');
  return res.result?.token ?? '';
}
