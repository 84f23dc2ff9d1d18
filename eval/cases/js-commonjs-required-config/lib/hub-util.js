'use strict';

const got = require('got');

exports.HUB_API = 'https://hub.docker.com/v2';

exports.fetchPage = function fetchPage(uri) {
  return got(uri, { responseType: 'json' }).then((res) => res.body);
};

exports.fetchAll = async function fetchAll(uri, acc = []) {
  const page = await exports.fetchPage(uri);
  acc.push(...page.results);
  return page.next ? fetchAll(page.next, acc) : acc;
};

exports.splitImage = function splitImage(ref) {
  const [ns, name] = ref.split('/');
  return { ns, name: name || null };
};
