import axios from 'axios'

import { Session } from './session'

export const listRepos = async (session: Session, host: string, namespace: string): Promise<string[]> => {
  const endpoint = `https://${host}/v2/repositories/${namespace}/`
  const names: string[] = []
  let next: string | null = endpoint
  while (next !== null) {
    const resp = await axios.get(next, { headers: { authorization: `Bearer ${session.token}` } })
    resp.data.results.forEach((r: { name: string }) => names.push(r.name))
    next = resp.data.next
  }
  return names
}
