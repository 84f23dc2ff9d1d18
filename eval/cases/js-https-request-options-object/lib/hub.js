'use strict';

const https = require('https');

const HUB_HOST = 'hub.docker.com';

function call(options, body) {
  return new Promise((resolve, reject) => {
    const req = https.request(options, (res) => {
      let data = '';
      res.on('data', (d) => { data += d; });
      res.on('end', () => resolve(JSON.parse(data || '{}')));
    });
    req.on('error', reject);
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

exports.signIn = (username, password) => call({
  hostname: HUB_HOST,
  port: 443,
  path: '/v2/users/login/',
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
}, { username, password });

exports.card = (owner, name) => call({
  hostname: HUB_HOST,
  path: `/v2/repositories/${owner}/${name}/`,
  method: 'GET',
});

exports.tags = (owner, name) => call({
  hostname: HUB_HOST,
  path: `/v2/repositories/${owner}/${name}/tags?page_size=20`,
  method: 'GET',
});

exports.mirrorCatalog = () => call({ hostname: 'mirror.kestrel.example', path: '/v2/_catalog', method: 'GET' });
