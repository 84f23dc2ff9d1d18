import axios from 'axios';

export async function catalogFor(owner: string, token?: string) {
  const apiRoot = 'https://hub.docker.com/v2';
  if (token) {
    return pageWithToken(owner, apiRoot, token);
  }
  return pageAnonymous(owner, apiRoot);
}

async function pageAnonymous(owner: string, apiRoot: string) {
  const res = await axios.get(`${apiRoot}/repositories/${owner}/`, {
    params: { page_size: 50 },
  });
  return res.data;
}

async function pageWithToken(owner: string, apiRoot: string, token: string) {
  const res = await axios.get(`${apiRoot}/repositories/${owner}/`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return res.data;
}

export class Shelf {
  private http: ReturnType<typeof axios.create>;

  constructor({ root = 'https://hub.docker.com/v2', retries = 2 }: { root?: string; retries?: number } = {}) {
    this.http = axios.create({ baseURL: root, timeout: retries * 1000 });
  }

  item(owner: string, app: string) {
    return this.http.get(`/repositories/${owner}/${app}`);
  }

  labels(owner: string, app: string) {
    return this.http.get(`/repositories/${owner}/${app}/tags`);
  }
}
