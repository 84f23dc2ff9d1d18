import * as core from '@actions/core'

const HUB = 'https://hub.docker.com'

export async function accessToken(identifier: string, secret: string): Promise<string> {
  const response = await fetch(`${HUB}/v2/auth/token`, {
    method: 'POST',
    body: JSON.stringify({identifier, secret}),
    headers: {'Content-Type': 'application/json'}
  })
  if (!response.ok) {
    throw new Error(`token request failed: ${response.status}`)
  }
  const json = await response.json()
  core.setSecret(json['access_token'])
  return json['access_token']
}

export async function pushDescription(
  token: string,
  repository: string,
  short: string,
  full: string
): Promise<void> {
  const body: Record<string, string> = {full_description: full}
  if (short) body['description'] = short
  const res = await fetch(`https://hub.docker.com/v2/repositories/${repository}`, {
    method: 'PATCH',
    body: JSON.stringify(body),
    headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`}
  })
  if (!res.ok) throw new Error(res.statusText)
}
