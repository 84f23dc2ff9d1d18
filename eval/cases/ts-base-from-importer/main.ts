import { listRepos } from './api/repos'
import { Tags } from './api/Tags'

const HUB = 'hub.docker.com'

export async function main(token: string) {
  const tags = new Tags('https://hub.docker.com')
  await tags.login('ci', token)
  console.log(await listRepos(token, HUB, 'acme'))
}
