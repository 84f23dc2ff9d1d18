// A stand-in daemon for the client's tests: answers /version like Engine 24.0.
const http = require('http');
const EngineClient = require('../client');

const versionAnswer = {
  Version: '24.0.7',
  ApiVersion: '1.43',
  MinAPIVersion: '1.12',
  GitCommit: '311b9ff',
  KernelVersion: '6.1.0',
};

module.exports = function start(socketPath) {
  const server = http.createServer((req, res) => res.end(JSON.stringify(versionAnswer)));
  server.listen(socketPath);
  return { server, client: new EngineClient({ socketPath }) };
};
