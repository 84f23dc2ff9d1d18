const { RESTDataSource } = require('apollo-datasource-rest')

class HubSource extends RESTDataSource {
  constructor() {
    super()
    this.baseURL = 'https://hub.docker.com/v2/'
  }

  async orgRepos(org) {
    return this.get(`repositories/${org}/`, { page_size: 100 })
  }

  async repoTags(org, name) {
    return this.get(`repositories/${org}/${name}/tags/`)
  }

  async signIn(username, password) {
    return this.post('users/login/', { username, password })
  }
}

module.exports = HubSource
