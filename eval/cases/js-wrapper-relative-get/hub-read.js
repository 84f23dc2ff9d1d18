const request = require('request');

const API_VERSION = 2;

module.exports = {
  repository(owner, name) {
    if (owner === '_') owner = 'library';
    owner = owner.toLowerCase();
    return this.makeGetRequest(`repositories/${owner}/${name}`);
  },

  repositoriesOf(owner) {
    return this.makeGetRequest(`users/${owner.toLowerCase()}/repositories`);
  },

  starredBy(owner, perPage = 25) {
    return this.makeGetRequest(`users/${owner}/repositories/starred?page_size=${perPage}`, 'results');
  },

  tagsOf(owner, name, perPage = 25) {
    return this.makeGetRequest(`repositories/${owner}/${name}/tags?page_size=${perPage}`, 'results');
  },

  makeGetRequest(path, extract) {
    if (!path.endsWith('/') && !path.includes('?')) path += '/';
    const url = `https://hub.docker.com/v${API_VERSION}/${path}`;
    return new Promise((resolve, reject) => {
      request({ url, method: 'get', json: true }, (err, res, body) => {
        if (err) return reject(err);
        return resolve(extract ? body[extract] : body);
      });
    });
  },
};
