const nock = require('nock');
const { buildUrl } = require('../src/urls');

test('builds the repository address', () => {
  expect(buildUrl('acme', 'api')).toBe('https://hub.docker.com/v2/repositories/acme/api/');
  expect(buildUrl('acme', 'web')).toEqual(
    'https://hub.docker.com/v2/repositories/acme/web/',
  );
});

test('asks the Hub', async () => {
  nock('https://hub.docker.com').get('/v2/repositories/acme/api/').reply(200, {});
  await fetch('https://hub.docker.com/v2/repositories/acme/api/');
});
