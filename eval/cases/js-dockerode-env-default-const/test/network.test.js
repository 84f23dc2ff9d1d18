const test = require('ava');
const { createNetwork } = require('../src/server/network');

const ENGINE_API = 'v1.41';

test('posts the network config', async (t) => {
  const expectedOptions = {
    version: ENGINE_API,
    json: { Name: 'backplane' },
  };
  const modem = {
    dial(options, callback) {
      t.deepEqual(options.options, expectedOptions);
      callback(null, { Id: 'net-1' });
    },
  };
  t.is(await createNetwork(modem, { Name: 'backplane' }), 'net-1');
});
