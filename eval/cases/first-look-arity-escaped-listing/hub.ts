const HUB = 'https://hub.docker.com';
export async function pub(x: string) { return fetch(`${HUB}/v2/repositories/${encodeURIComponent(x)}/`); }
