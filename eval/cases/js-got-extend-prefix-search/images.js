'use strict';

const got = require('got');

// The Hub's content search and the registry, each a got instance with its own prefix.
const hubContent = got.extend({ prefixUrl: 'https://hub.docker.com/api/content/v1', responseType: 'json' });
const registry = got.extend({ prefixUrl: 'https://registry-1.docker.io/v2', responseType: 'json' });

async function searchImages(term, page = 1) {
  const { body } = await hubContent.get('products/search', { searchParams: { q: term, page_size: 25, type: 'image', page } });
  return body.summaries || [];
}

async function tagList(name) {
  const { body } = await registry.get(`library/${name}/tags/list`);
  return body.tags;
}

module.exports = { searchImages, tagList };
