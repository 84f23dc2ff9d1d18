// Lists and inspects images for a dashboard; a local mock can stand in for Docker Hub.
const MOCK_HUB = 'http://127.0.0.1:4010';

export interface HubOptions {
  useMock?: boolean;
  token?: string;
}

export class ImageCatalog {
  private readonly root: string;

  constructor(private readonly opts: HubOptions = {}) {
    this.root = opts.useMock ? MOCK_HUB : 'https://hub.docker.com';
  }

  private headers(): Record<string, string> {
    return this.opts.token ? { Authorization: `Bearer ${this.opts.token}` } : {};
  }

  async listImages(owner: string): Promise<unknown> {
    const res = await fetch(`${this.root}/v2/repositories/${owner}/?page_size=50`, { headers: this.headers() });
    return res.json();
  }

  async imageInfo(owner: string, image: string): Promise<unknown> {
    const res = await fetch(`${this.root}/v2/repositories/${owner}/${image}/`, { headers: this.headers() });
    return res.json();
  }

  async tagList(owner: string, image: string): Promise<unknown> {
    const res = await fetch(`${this.root}/v2/repositories/${owner}/${image}/tags?page_size=25`, { headers: this.headers() });
    return res.json();
  }

  pageLink(owner: string, image: string, official: boolean): string {
    return `https://hub.docker.com/${official ? '_' : 'r'}/${official ? image : `${owner}/${image}`}`;
  }
}

export async function hubLogin(user: string, secret: string, mock = false): Promise<string> {
  const res = await fetch(mock ? `${MOCK_HUB}/v2/users/login` : 'https://hub.docker.com/v2/users/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user, password: secret }),
  });
  return ((await res.json()) as { token: string }).token;
}
