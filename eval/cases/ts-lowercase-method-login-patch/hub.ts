import * as core from '@actions/core'
import fetch from 'node-fetch'

export async function jwt(user: string, pass: string): Promise<string> {
  const res = await fetch('https://hub.docker.com/v2/users/login', {
    method: 'post',
    body: JSON.stringify({ username: user, password: pass }),
    headers: { 'Content-Type': 'application/json' },
  })
  if (!res.ok) {
    throw new Error(`login failed: ${res.status} ${res.statusText}`)
  }
  const json = await res.json()
  core.setSecret(json['token'])
  return json['token']
}

export async function setOverview(token: string, repository: string, text: string): Promise<void> {
  const res = await fetch(`https://hub.docker.com/v2/repositories/${repository}`, {
    method: 'patch',
    body: JSON.stringify({ full_description: text }),
    headers: { 'Content-Type': 'application/json', Authorization: `JWT ${token}` },
  })
  if (!res.ok) throw new Error(res.statusText)
}
