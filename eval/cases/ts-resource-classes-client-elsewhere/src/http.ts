// A small HTTP client; its base URL is set in its constructor (an environment override, the Hub by default).
export class HttpClient {
  private readonly base: string;

  constructor(private readonly token?: string) {
    this.base = process.env.HUB_URL ?? 'https://hub.docker.com';
  }

  async get<T>(path: string): Promise<T> {
    const res = await fetch(this.base + path, { headers: this.headers() });
    return (await res.json()) as T;
  }

  async request(method: string, path: string): Promise<Response> {
    return fetch(this.base + path, { method, headers: this.headers() });
  }

  private headers(): Record<string, string> {
    return this.token ? { Authorization: `Bearer ${this.token}` } : {};
  }
}
