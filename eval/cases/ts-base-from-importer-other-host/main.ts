import { listRepos } from './api/repos'
import { Tags } from './api/Tags'

const HUB = 'mirror.example.org'

export async function main(token: string) {
  const tags = new Tags('https://registry.example.org')
  await tags.login('ci', token)
  console.log(await listRepos(token, HUB, 'acme'))
}
