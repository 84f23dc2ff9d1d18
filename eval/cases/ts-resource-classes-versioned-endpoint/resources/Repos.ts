import { RestResource, ParamType } from '@acme/rest-client'

export class Repos extends RestResource {
  list(owner: string, size: number = 100) {
    return this.http_get<{ results: { name: string }[] }>(`repositories/${owner}/`, {
      key: 'page_size',
      type: ParamType.Query,
      value: size,
    })
  }

  setAuthorization(value: string) {
    this.setHeader('Authorization', value)
  }
}
