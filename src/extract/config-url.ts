import type { Candidate } from '../core/types.js';
import { hole } from '../core/hole.js';
import { HUB_V2_HOSTS, isHubHost } from '../core/hub-hosts.js';
import { scanUrls } from './scan-urls.js';
import { scanString } from './shell/embedded.js';
import { MappedBuilder, type Mapped } from './shell/mapped.js';
import type { Request } from './shell/request.js';

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

/** A URL's host, in group 1, when it is a Docker one (core/hub-hosts.ts says which serve the v2 API). */
const V2_HOST = /^(?:https?:)?\/\/(?:[^/@\s]+@)?((?:[a-z0-9-]+\.)*docker\.com)(?=[/:]|$)/i;

/**
 * The Hub origin a configuration file names (`https://hub.docker.com` from any value that
 * holds a Hub API URL), when it names exactly one: host-less Hub paths elsewhere in the file
 * (`"LoginPath": "/v2/users/login"` beside `"HubBase": "https://hub.docker.com"`) are joined
 * to it. A file that names no Hub host leaves its `/v2/...` paths alone: those are usually a
 * registry's (`/v2/<name>/manifests/<tag>` on GHCR, Harbor, a mirror).
 */
export function hubOriginOf(text: string): string | null {
  const origins = new Set(scanUrls(text).flatMap((h) => {
    const host = V2_HOST.exec(h.url)?.[1];
    return host !== undefined && isHubHost(host, HUB_V2_HOSTS) ? [`https://${host.toLowerCase()}`] : [];
  }));
  return origins.size === 1 ? [...origins][0] : null;
}

/** The first segments of the Hub's own API routes, after the version. */
const HUB_PATH = /^\/v2\/(?:repositories|users|namespaces|orgs|search|auth)(?:[/?]|$)/;

/** A host-less Hub API path in a configuration value, joined to the file's Hub origin. */
export function hostlessHubPath(value: Mapped, origin: string | null, method?: Pick<Request, 'method' | 'methodSource'>): Candidate[] {
  if (!origin || !HUB_PATH.test(value.text.trim())) return [];
  return scanString(joinBase(origin, value), method).map((c) => ({ ...c, routeMethod: method === undefined }));
}

/** `https://hub.docker.com/v2/repositories/` written whole (the host in group 2): the path stops where a name is appended. */
const REPOSITORIES_BASE = /^((?:https?:)?\/\/((?:[a-z0-9-]+\.)*docker\.com)(?::\d+)?\/v2\/repositories)\/?$/i;

/**
 * How a configuration value reads when nothing in the file says more. A Hub URL that ends
 * at `/v2/repositories/` is a base the code extends with a name it knows and the file does
 * not: the likelier reading is one namespace (listing an account's repositories, which is
 * what such settings are named for), the other a full `namespace/repository`; both are
 * reported, at low confidence and without a fix.
 */
export function configReading(c: Candidate): Candidate {
  const m = REPOSITORIES_BASE.exec(c.url);
  if (!m || !isHubHost(m[2], HUB_V2_HOSTS)) return c;
  const out: Candidate = {
    ...c,
    url: `${m[1]}/${hole('namespace')}`,
    alternatives: [`${m[1]}/${hole('namespace')}/${hole('repository')}`],
    arityNote: 'a base URL in configuration; the name the code appends to it is not in the file',
    rebuilt: true,
  };
  delete out.literal;
  return out;
}
