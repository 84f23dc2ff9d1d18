// Hub endpoints tried while writing this:
// https://hub.docker.com/v2/search/repositories/?query=redis
// https://registry.hub.docker.com/api/content/v1/products/search?page_size=10&q=&type=image
// https://docs.docker.com/registry/spec/api/

import { request } from './http';

export const searchImages = (term: string) => {
  return request(`search/repositories/?query=${term}`);
};
