const http = require('http');

function EngineRequest(opts) {
  opts = opts || {};
  this.socketPath = opts.socketPath || '/var/run/docker.sock';
  this.apiVersion = opts.apiVersion || 'v1.29';
}

EngineRequest.prototype.send = function (method, path, cb) {
  const req = http.request({ socketPath: this.socketPath, method, path: '/' + this.apiVersion + path }, cb);
  req.end();
  return req;
};

module.exports = EngineRequest;
