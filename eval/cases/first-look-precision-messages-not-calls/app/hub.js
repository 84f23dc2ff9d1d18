const HUB = 'https://hub.docker.com';

export async function details(owner, image) {
  const url = `${HUB}/v2/repositories/${owner}/${image}/`;
  console.log(`GET ${url}`);
  console.info(`(curl ${HUB}/v2/repositories/${owner}/${image}/ gives the same)`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${HUB}/v2/repositories/${owner}/${image}/ failed: ${res.status}`);
  return res.json();
}
