import axios from 'axios'

import { Session } from './session'

export const listNamespaces = async (session: Session, host: string): Promise<string[]> => {
  const endpoint = `https://${host}/v2/repositories/namespaces/`
  const resp = await axios.get(endpoint, { headers: { authorization: `Bearer ${session.token}` } })
  return resp.data.namespaces
}

export const listTags = async (host: string, namespace: string, repo: string) => {
  const endpoint = `https://${host}/v2/repositories/${namespace}/${repo}/tags/`
  return (await axios.get(endpoint)).data.results
}
