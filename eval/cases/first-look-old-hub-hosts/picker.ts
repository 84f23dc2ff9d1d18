export async function suggest(term: string): Promise<string[]> {
  const res = await fetch(`https://store.docker.com/api/content/v1/products/search?q=${encodeURIComponent(term)}&page_size=8`);
  const body = (await res.json()) as { summaries: { name: string }[] };
  return body.summaries.map((s) => s.name);
}
