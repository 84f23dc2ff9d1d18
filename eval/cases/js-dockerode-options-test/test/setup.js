var Docker = require('dockerode');

var socketPath = process.env.DOCKER_SOCKET || '/var/run/docker.sock';

var daemon = new Docker({
  socketPath: socketPath,
  version: 'v1.39',
  timeout: 30000,
});

module.exports = { daemon: daemon };
