'use strict';

// Runtime settings shared by the daemon helpers and the catalog loaders.
module.exports = {
  listenPort: 8080,
  engine: {
    socketPath: '/var/run/docker.sock',
    timeout: 30000,
    apiVersion: 'v1.39',
  },
};
