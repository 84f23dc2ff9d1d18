export class Tags {
  private readonly root: string

  constructor(root: string) {
    this.root = root
  }

  async login(user: string, password: string) {
    return fetch(`${this.root}/v2/users/login/`, { method: 'POST', body: JSON.stringify({ username: user, password }) })
  }
}
