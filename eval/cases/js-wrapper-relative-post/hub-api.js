const request = require('request');

let apiVersion = 2;
let sessionToken = null;

module.exports = {
  signIn(username, password) {
    return this.makePostRequest('users/login/', { username, password }).then((info) => {
      sessionToken = info.token;
      return info;
    });
  },

  createRepository(namespace, name, details = {}) {
    const body = { namespace, name, is_private: !!details.is_private, description: details.description || '' };
    return this.makePostRequest(`repositories/`, body);
  },

  removeRepository(namespace, name) {
    return this.makeDeleteRequest(`repositories/${namespace}/${name}/`);
  },

  makePostRequest(path, data) {
    return new Promise((resolve, reject) => {
      request(this.requestOptions('post', path, data), (err, res, body) => (err ? reject(err) : resolve(body)));
    });
  },

  makeDeleteRequest(path) {
    return new Promise((resolve, reject) => {
      request(this.requestOptions('delete', path), (err) => (err ? reject(err) : resolve()));
    });
  },

  requestOptions(method, path, data) {
    if (path.startsWith('/')) path = path.slice(1);
    if (!path.endsWith('/') && !path.includes('?')) path += '/';
    const url = `https://hub.docker.com/v${apiVersion}/${path}`;
    const headers = sessionToken ? { Authorization: `JWT ${sessionToken}` } : {};
    const opts = { url, method, json: true, headers };
    if (data) opts.body = data;
    return opts;
  },
};
