import { expect } from 'chai'
import { describe, it } from 'mocha'
import nock from 'nock'

import { listRepos } from '../src/repos'

const mockHub = (user: string, secret: string, token: string) => {
  nock('https://hub.docker.com')
    .post('/v2/users/login/', { username: user, password: secret })
    .reply(200, { token })

  nock('https://hub.docker.com', { reqheaders: { authorization: `Bearer ${token}` } })
    .get('/v2/repositories/quayside/')
    .reply(200, { count: 1, next: null, previous: null, results: [{ user: 'quayside', name: 'harbor-tools' }] })
}

describe('repositories', () => {
  it('lists the repositories of a namespace', async () => {
    mockHub('quayside', 'pw', 'tok')
    const names = await listRepos({ host: 'hub.docker.com', token: 'tok' }, 'hub.docker.com', 'quayside')
    expect(names).to.deep.equal(['harbor-tools'])
  })
})
