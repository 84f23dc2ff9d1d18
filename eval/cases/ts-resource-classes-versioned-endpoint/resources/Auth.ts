import { URL } from 'url'
import { RestResource } from '@acme/rest-client'

export class Auth extends RestResource {
  constructor(url: URL, private readonly onToken: (jwt: string) => void) {
    super(url)
  }

  async login(username: string, password: string): Promise<string> {
    const res = await this.http_post<{ username: string; password: string }, { token: string }>('users/login/', {
      username,
      password,
    })
    this.onToken(res.token)
    return res.token
  }

  setToken(token: string) {
    this.onToken(token)
  }
}
