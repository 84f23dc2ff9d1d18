import axios from 'axios';

export async function newestTag(reference) {
  const [owner, rest] = reference.split('/');
  const [name] = rest.split(':');
  const url = `https://hub.docker.com/v2/namespaces/${owner}/repositories/${name}/tags/?page_size=1&ordering=last_updated`;
  const res = await axios.get(url, { timeout: 5000 });
  const top = res.data.results[0];
  return { tag: top.name, pushed: new Date(top.tag_last_pushed), digest: top.digest };
}
