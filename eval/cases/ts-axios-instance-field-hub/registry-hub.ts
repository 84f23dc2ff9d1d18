import axios, { AxiosInstance } from 'axios'

export interface HubCredentials {
  user?: string
  secret?: string
}

// Image mirror tooling: one axios instance per remote, the base set once.
const registry = axios.create({ baseURL: 'https://registry-1.docker.io/v2/' })

export class RegistryHub {
  private client: AxiosInstance

  constructor(creds: HubCredentials = {}) {
    this.client = axios.create({
      baseURL: 'https://hub.docker.com/v2/',
      headers: { 'Content-Type': 'application/json' },
    })
    if (creds.user && creds.secret) void this.signIn(creds.user, creds.secret)
  }

  async signIn(user: string, secret: string): Promise<string> {
    const { data } = await this.client.post('/users/login/', { username: user, password: secret })
    this.client.defaults.headers.common.Authorization = `Bearer ${data.token}`
    return data.token
  }

  async images(owner: string): Promise<string[]> {
    const { data } = await this.client.get(`/repositories/${owner}/`, { params: { page_size: 100 } })
    return data.results.map((r: { name: string }) => r.name)
  }

  async tags(owner: string, image: string): Promise<string[]> {
    const { data } = await this.client.get(`/repositories/${owner}/${image}/tags/`, { params: { page_size: 100 } })
    return data.results.map((t: { name: string }) => t.name)
  }

  async current(owner: string) {
    return (await this.client.get(`/namespaces/${owner}/repositories`)).data
  }

  async manifestTags(image: string): Promise<string[]> {
    return (await registry.get(`/library/${image}/tags/list`)).data.tags
  }
}
