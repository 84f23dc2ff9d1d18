'use strict';

const engineCfg = require('../settings').engine;
const Docker = require('dockerode');

const docker = new Docker({
  socketPath: engineCfg.socketPath,
  timeout: engineCfg.timeout,
  version: engineCfg.apiVersion,
});

module.exports = docker;
