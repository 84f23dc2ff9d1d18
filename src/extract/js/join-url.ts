import { HOLE_CLOSE, HOLE_OPEN } from '../../core/hole.js';

/**
 * Joining a base and a relative reference the ways JS clients do. Holes (unknown values) are
 * plain text to these functions; a base that starts with a hole has that hole as its origin.
 */
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;
const HOLE_ORIGIN = new RegExp(`^${HOLE_OPEN}[^${HOLE_CLOSE}]*${HOLE_CLOSE}`);
const SCHEMELESS_HOST = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?=[/?#]|$)/i;

interface Parts {
  scheme: string;
  origin: string;
  path: string;
  query: string;
}

function split(url: string): Parts {
  const m = /^([a-z][a-z0-9+.-]*:)?(\/\/[^/?#]*)?([^?#]*)(\?[^#]*)?(?:#[^]*)?$/i.exec(url);
  const scheme = m?.[1] ?? '';
  let origin = scheme + (m?.[2] ?? '');
  let path = m?.[3] ?? url;
  if (origin === '') {
    const lead = HOLE_ORIGIN.exec(path) ?? SCHEMELESS_HOST.exec(path);
    if (lead) {
      origin = lead[0];
      path = path.slice(lead[0].length);
    }
  }
  if (origin !== '' && path === '') path = '/';
  return { scheme, origin, path, query: m?.[4] ?? '' };
}

function removeDots(path: string): string {
  const out: string[] = [];
  const segs = path.split('/');
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    if (seg === '.') {
      if (last) out.push('');
    } else if (seg === '..') {
      if (out.length > 1) out.pop();
      if (last) out.push('');
    } else out.push(seg);
  });
  return out.join('/');
}

/** `new URL(rel, base)` (WHATWG URL §4.4, basic URL parser with a base), on text with holes. */
export function resolveUrl(rel: string, base: string): string {
  if (ABSOLUTE.test(rel)) return rel;
  const b = split(base);
  if (rel.startsWith('//')) return b.scheme + rel;
  if (rel === '') return b.origin + b.path + b.query;
  if (rel.startsWith('?')) return b.origin + b.path + rel;
  if (rel.startsWith('#')) return b.origin + b.path + b.query + rel;
  const cut = rel.search(/[?#]/);
  const relPath = cut === -1 ? rel : rel.slice(0, cut);
  const rest = cut === -1 ? '' : rel.slice(cut);
  if (relPath.startsWith('/')) return b.origin + removeDots(relPath) + rest;
  const dir = b.path.slice(0, b.path.lastIndexOf('/') + 1) || '/';
  return b.origin + removeDots(dir + relPath) + rest;
}

/** axios `combineURLs` (also got's and ky's `prefixUrl`): the base, one slash, the path. */
export function prefixUrl(base: string, rel: string): string {
  if (/^(?:[a-z][a-z\d+\-.]*:)?\/\//i.test(rel)) return rel;
  if (rel === '') return base;
  return `${base.replace(/\/?\/$/, '')}/${rel.replace(/^\/+/, '')}`;
}

/** `path.join` / `path.posix.join` as people misuse it for URLs; the scheme's `//` survives. */
export function joinPath(parts: string[]): string {
  const joined = parts.filter((p) => p !== '').join('/');
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(joined)?.[0] ?? '';
  return scheme + joined.slice(scheme.length).replace(/\/{2,}/g, '/');
}

/** The `origin` of a URL text (`new URL(x).origin`). */
export function originOf(url: string): string {
  return split(url).origin;
}
