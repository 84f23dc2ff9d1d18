const LIB = 'https://hub.docker.com/v2/repositories/library';
export function short(url) { return url.startsWith(LIB) ? url.slice(LIB.length) : url; }
export function tags(name) { return fetch(`${LIB}/${name}/tags`); }
