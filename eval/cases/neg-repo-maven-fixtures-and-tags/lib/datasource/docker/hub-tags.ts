import { http } from '../../util/http';

const HUB_API = 'https://hub.docker.com/v2/repositories';

export function hubTagsUrl(dockerRepository: string): string {
  // dockerRepository is "namespace/name" ("library/node" for official images)
  return `https://hub.docker.com/v2/repositories/${dockerRepository}/tags?page_size=1000&ordering=last_updated`;
}

export async function hubTags(dockerRepository: string): Promise<string[]> {
  let url: string | null = hubTagsUrl(dockerRepository);
  const tags: string[] = [];
  while (url) {
    const { body } = await http.getJson<{ next: string | null; results: { name: string }[] }>(url);
    tags.push(...body.results.map((r) => r.name));
    url = body.next;
  }
  return tags;
}

export function manifestUrl(registry: string, repository: string, tag: string): string {
  return `${registry}/v2/${repository}/manifests/${tag}`;
}

export const testBase = `${HUB_API}/library/node/tags`;
