import { URL } from 'url'

import { Auth } from './resources/Auth'
import { Repos } from './resources/Repos'

export class HubClient {
  auth: Auth
  repos: Repos

  constructor(token?: string, version: number = 2) {
    const endpoint = new URL(`https://hub.docker.com/v${version}`)
    this.auth = new Auth(endpoint, (jwt) => this.repos.setAuthorization(`JWT ${jwt}`))
    this.repos = new Repos(endpoint)
    if (token) {
      this.auth.setToken(token)
    }
  }
}
