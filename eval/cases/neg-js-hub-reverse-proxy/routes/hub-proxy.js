'use strict';
// Forwards the UI's /-/hub/* calls to Docker Hub so the browser avoids CORS.
const express = require('express');
const url = require('url');
const request = require('request');

const router = express.Router();

router.route('/*').get((req, res) => {
  const target = url.parse(req.originalUrl.replace('/-/hub', '/v2'));
  target.protocol = 'https';
  target.host = 'hub.docker.com';
  request.get({ url: url.format(target) }).pipe(res);
});

module.exports = router;
