const remote = require('docker-remote-api');

// every path goes below /v1.16 of the daemon the environment names
const request = remote({ host: process.env.DOCKER_HOST, version: 'v1.16' });

request.get('/containers/json', { json: true }, (err, list) => {
  if (err) throw err;
  console.log(list.length);
});
