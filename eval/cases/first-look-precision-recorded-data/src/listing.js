const HUB = 'https://hub.docker.com';

export async function teamImages(team) {
  const names = [];
  let next = `${HUB}/v2/repositories/${team}/?page_size=25`;
  while (next) {
    const page = await (await fetch(next)).json();
    names.push(...page.results.map((r) => r.name));
    next = page.next;
  }
  return names;
}
