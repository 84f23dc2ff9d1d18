const BASE = 'https://hub.docker.com/v2'

type Repo = { namespace: string; name: string }

export class ImageCatalog {
	constructor(private readonly headers?: Record<string, string>) {}

	private async newestTag(repoName: string): Promise<string> {
		const tagsUrl = `${BASE}/repositories/${repoName}/tags/?page_size=25`
		const res = this.headers ? await fetch(tagsUrl, { headers: this.headers }) : await fetch(tagsUrl)
		const json = await res.json()
		return json.results.length > 0 ? json.results[0].name : ''
	}

	async ownerImages(owner: string): Promise<string[]> {
		const listUrl = `${BASE}/repositories/${owner}/?page_size=100`
		const { results } = await fetch(listUrl, this.headers ? { headers: this.headers } : undefined).then((r) => r.json())
		const out: string[] = []
		for (const repo of results as Repo[]) {
			const full = `${repo.namespace}/${repo.name}`
			const tag = await this.newestTag(full)
			out.push(tag ? `${full}:${tag}` : full)
		}
		return out
	}

	async find(term: string) {
		return fetch(`https://hub.docker.com/api/search/v3/catalog/search?${new URLSearchParams({ query: term, size: '10' })}`).then((r) => r.json())
	}
}
