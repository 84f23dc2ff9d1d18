const { RESTDataSource } = require('apollo-datasource-rest')

// Another service whose API happens to share the Hub's path shapes.
class ForgeSource extends RESTDataSource {
  constructor() {
    super()
    this.baseURL = 'https://forge.example.org/api/v2/'
  }

  async orgRepos(org) {
    return this.get(`repositories/${org}/`)
  }
}

module.exports = ForgeSource
