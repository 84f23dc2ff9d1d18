import fetch from 'node-fetch'

export async function listRepos(token: string, host: string, owner: string): Promise<string[]> {
  const res = await fetch(`https://${host}/v2/repositories/${owner}/?page_size=50`, {
    headers: { authorization: `JWT ${token}` },
  })
  return (await res.json()).results.map((r: { name: string }) => r.name)
}
