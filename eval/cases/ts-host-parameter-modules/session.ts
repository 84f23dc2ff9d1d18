export const HUB_HOST = 'hub.docker.com'

export interface Session {
  host: string
  token: string
}

export const anonymous = (): Session => ({ host: HUB_HOST, token: '' })
