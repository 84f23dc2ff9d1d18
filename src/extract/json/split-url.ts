import { MappedBuilder, type Mapped } from '../shell/mapped.js';

/**
 * Config files split a URL over keys (`url_base:` + `path:`) and name its method in another
 * (`method:`). These are the key names we read, lower-cased.
 */
export const BASE_KEYS = new Set(['url_base', 'base_url', 'baseurl', 'base', 'api_base', 'api_url', 'apiurl', 'base_uri', 'baseuri', 'url']);
export const PATH_KEYS = new Set(['path', 'endpoint', 'route', 'uri']);
export const METHOD_KEYS = new Set(['method', 'verb', 'http_method', 'httpmethod']);

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

export function isAbsoluteUrl(text: string): boolean {
  return ABSOLUTE.test(text.trim());
}

/**
 * `base` joined with `path` as such configs mean it: one slash between them, and a path that
 * already repeats the base's own path (`/v2` + `/v2/repositories`) is not doubled. The
 * result maps to the path's range, where the deprecated part is written.
 */
export function joinBase(base: string, path: Mapped): Mapped {
  const b = base.trim().replace(/(?<!\/)\/+$/, '');
  const m = /^((?:[a-z][a-z0-9+.-]*:)?\/\/[^/]*)([^]*)$/i.exec(b);
  const basePath = m?.[2] ?? '';
  const rel = path.text.trim();
  const lead = path.text.indexOf(rel);
  const origin = basePath && rel.startsWith(`${basePath}/`) ? (m?.[1] ?? b) : b;
  const out = new MappedBuilder();
  const at = path.startOf(lead);
  out.push(rel.startsWith('/') ? origin : `${origin}/`, at, at, false, true);
  out.pushFrom(path, lead, lead + rel.length);
  return out.build();
}
