import axios, { AxiosInstance } from 'axios';

export class ImageCatalog {
  private readonly api: AxiosInstance;

  constructor(private readonly creds: { user?: string; secret?: string }) {
    // one HTTP client for every call below; the base is set once here
    this.api = axios.create({
      baseURL: 'https://hub.docker.com',
      timeout: 15000,
    });
  }

  private async send<T>(verb: string, route: string, query?: Record<string, string>): Promise<T> {
    const res = await this.api.request<T>({ method: verb, url: route, params: query });
    return res.data;
  }

  async describe(owner: string, name: string) {
    return this.send<{ name: string }>(
      'GET',
      `/v2/repositories/${owner}/${name}/`,
    );
  }

  async lookupTags(owner: string, name: string) {
    return this.send('GET', `/v2/repositories/${owner}/${name}/tags/`, { page_size: '50' });
  }

  async summary(owner: string, name: string) {
    const info = await this.send<{ name: string }>(
      'GET',
      `/v2/repositories/${owner}/${name}/`,
    );
    return info.name;
  }
}
