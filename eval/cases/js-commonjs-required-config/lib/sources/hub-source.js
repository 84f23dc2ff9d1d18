'use strict';

const { HUB_API, fetchPage, fetchAll, splitImage } = require('../hub-util');

class HubSource {
  constructor(ref) {
    const { ns, name } = splitImage(ref);
    this.ns = ns;
    this.name = name;
  }

  load() {
    if (this.name) {
      const uri = `${HUB_API}/repositories/${this.ns}/${this.name}/`;
      return fetchPage(uri).then((repo) => [{ id: repo.name, kind: 'image' }]);
    }
    const uri = `${HUB_API}/repositories/${this.ns}/`;
    return fetchAll(uri).then((repos) => repos.map((r) => ({ id: r.name, kind: 'image' })));
  }

  tags() {
    return fetchAll(`${HUB_API}/repositories/${this.ns}/${this.name}/tags/?page_size=100`);
  }
}

module.exports = { HubSource };
