import axios from 'axios'

import { Registry, Session } from './types'

export const open = async (registry: Registry): Promise<Session> => {
  const host = 'hub.docker.com'

  let namespace = 'library'
  if (registry.namespace) {
    namespace = registry.namespace
  } else if (registry.username) {
    namespace = registry.username
  }

  if (!registry.username) {
    return { registry: registry.name, namespace, host, token: '' }
  }

  const body = { username: registry.username, password: registry.password }
  const resp = await axios.post(`https://${host}/v2/users/login/`, body)
  return { registry: registry.name, namespace, host, token: resp.data.token }
}
