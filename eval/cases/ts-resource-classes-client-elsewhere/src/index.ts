import { HttpClient } from './http';
import { ImageRepos } from './resources/images';

export function makeRepos(token?: string) {
  return new ImageRepos(new HttpClient(token));
}
