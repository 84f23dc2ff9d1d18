import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'

import { imageExists, signIn } from '../src/hub'

const HUB = 'https://hub.docker.com'

function stubHub(user: string, token: string) {
  const scope = nock(HUB)
  scope.post('/v2/users/login/', { username: user }).reply(200, { token })
  scope.head('/v2/repositories/library/redis/').reply(200)
  scope.get('/v2/repositories/library/redis/tags/7.2').reply(200, { name: '7.2' })
  nock('https://registry-1.docker.io').get('/v2/library/redis/manifests/7.2').reply(200, {})
  nock(HUB).get('/v2/namespaces/library/repositories/redis').reply(200, { name: 'redis' })
  return scope
}

describe('hub', () => {
  afterEach(() => nock.cleanAll())

  it('signs in and checks an image', async () => {
    const scope = stubHub('ci-bot', 'tok')
    expect(await signIn('ci-bot', 'pw')).toBe('tok')
    expect(await imageExists('redis')).toBe(true)
    scope.done()
  })
})
