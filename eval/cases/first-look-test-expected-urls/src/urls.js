const HUB = 'https://hub.docker.com';

function buildUrl(owner, name) {
  return `${HUB}/v2/repositories/${owner}/${name}/`;
}

module.exports = { buildUrl };
