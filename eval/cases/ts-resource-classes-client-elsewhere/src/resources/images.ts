import { HttpClient } from '../http';

export class ImageRepos {
  constructor(private client: HttpClient) {}

  list(owner: string) {
    return this.client.get(`/v2/repositories/${owner}/`);
  }

  show(owner: string, name: string) {
    return this.client.get(`/v2/repositories/${owner}/${name}/`);
  }

  exists(owner: string, name: string) {
    return this.client.request('HEAD', `/v2/repositories/${owner}/${name}/`);
  }

  tags(owner: string, name: string) {
    return this.client.get(`/v2/repositories/${owner}/${name}/tags/`);
  }

  static forOwner(client: HttpClient, owner: string) {
    return client.get(`/v2/repositories/${owner}/`);
  }

  get mine() {
    return this.client.get(`/v2/repositories/acme-labs/sidecar/`);
  }

  fetchOne = (owner: string, name: string) => this.client.get(`/v2/repositories/${owner}/${name}/`);
}
