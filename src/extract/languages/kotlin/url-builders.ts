import type { BuilderRoot } from '../../lower/url-builder.js';

/** The calls that start a URL builder chain in Kotlin (lower/url-builder.ts reads the rest). */
export const KOTLIN_URL_BUILDERS: readonly BuilderRoot[] = [
  // OkHttp, with its Kotlin extensions on a string
  { callee: 'HttpUrl.Builder' },
  { callee: 'HttpUrl.parse', from: 0 },
  { callee: 'HttpUrl.get', from: 0 },
  { callee: '.toHttpUrl', from: 'receiver' },
  { callee: '.toHttpUrlOrNull', from: 'receiver' },
  // Spring's UriComponentsBuilder: paths are URI templates.
  { callee: 'UriComponentsBuilder.fromHttpUrl', from: 0, template: true },
  { callee: 'UriComponentsBuilder.fromUriString', from: 0, template: true },
  { callee: 'UriComponentsBuilder.fromUri', from: 0, template: true },
  { callee: 'UriComponentsBuilder.newInstance', template: true },
  // Apache HttpClient's URIBuilder; java.net.URI, whose `resolve` joins a reference to it
  { callee: 'URIBuilder', from: 0 },
  { callee: 'URI.create', from: 0 },
  { callee: 'URI', from: 0 },
];
