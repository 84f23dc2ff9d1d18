import type { BuilderRoot } from '../../lower/url-builder.js';

/** The calls that start a URL builder chain in Java (lower/url-builder.ts reads the rest). */
export const JAVA_URL_BUILDERS: readonly BuilderRoot[] = [
  // OkHttp
  { callee: 'new HttpUrl.Builder' },
  { callee: 'HttpUrl.parse', from: 0 },
  { callee: 'HttpUrl.get', from: 0 },
  // Spring's UriComponentsBuilder and JAX-RS's UriBuilder: paths are URI templates.
  { callee: 'UriComponentsBuilder.fromHttpUrl', from: 0, template: true },
  { callee: 'UriComponentsBuilder.fromUriString', from: 0, template: true },
  { callee: 'UriComponentsBuilder.fromUri', from: 0, template: true },
  { callee: 'UriComponentsBuilder.newInstance', template: true },
  { callee: 'UriBuilder.fromUri', from: 0, template: true },
  { callee: 'UriBuilder.fromPath', from: 0, template: true },
  // Apache HttpClient's URIBuilder (4 and 5)
  { callee: 'new URIBuilder', from: 0 },
  // java.net.URI, whose `resolve` joins a reference to it
  { callee: 'URI.create', from: 0 },
  { callee: 'new URI', from: 0 },
];
