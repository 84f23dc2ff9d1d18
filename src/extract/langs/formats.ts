import { hole } from '../../core/hole.js';

/**
 * String building the way each runtime does it, over texts that may hold holes. A value we
 * cannot know (a missing argument) becomes a hole, so the URL keeps its shape.
 */

const PRINTF =
  /%(?:\((\w+)\))?(?:\[(\d+)\])?(?:(\d+)\$)?[-+ #0]*(?:[1-9]\d*|\*)?(?:\.\d+)?(?:hh|h|ll|l|L|q|j|z|t)?([a-zA-Z%])/g;

/** C printf and its relatives: Go's `%[1]s`, Java's `%1$s`, Python's `%(name)s`. */
export function printf(format: string, args: string[], named: ReadonlyMap<string, string> = new Map()): string {
  let next = 0;
  return format.replace(PRINTF, (whole, name: string | undefined, goIdx: string | undefined, javaIdx: string | undefined, verb: string) => {
    if (verb === '%') return '%';
    if (name !== undefined) return named.get(name) ?? hole(name);
    const idx = goIdx ?? javaIdx;
    const at = idx !== undefined ? Number(idx) - 1 : next++;
    return args[at] ?? hole(`arg${at}`);
  });
}

/**
 * `{}`, `{0}` and `{name}` placeholders (Python `.format`, C# `string.Format`, Rust `format!`).
 * `inline` answers names that are neither positional nor keyword (Rust's captured variables).
 */
export function braceFormat(
  format: string,
  args: string[],
  named: ReadonlyMap<string, string>,
  inline: (name: string) => string = hole,
): string {
  let next = 0;
  return format.replace(/\{\{|\}\}|\{([^{}]*)\}/g, (whole, inner: string | undefined) => {
    if (inner === undefined) return whole[0];
    const key = inner.split(/[:!,]/)[0].trim();
    if (key === '') return args[next++] ?? hole(`arg${next - 1}`);
    if (/^\d+$/.test(key)) return args[Number(key)] ?? hole(`arg${key}`);
    return named.get(key) ?? inline(key);
  });
}

/** `path.Join`, `File.join`, `os.path.join`: one slash between parts, whatever each part ends with. */
export function pathJoin(parts: string[]): string {
  return parts
    .filter((p) => p !== '')
    .map((p, i, all) => {
      let s = p;
      if (i > 0) s = s.replace(/^\/+/, '');
      if (i < all.length - 1) s = s.replace(/(?<!\/)\/+$/, '');
      return s;
    })
    .join('/');
}

const ORIGIN = /^((?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*)/i;

/** `urljoin`, `URI.join`, `new Uri(base, rel)`: RFC 3986 reference resolution, enough of it for paths. */
export function urlJoin(base: string, ref: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return ref;
  if (ref.startsWith('/')) {
    const origin = ORIGIN.exec(base);
    return origin ? origin[1] + ref : ref;
  }
  const cut = base.replace(/[?#][^]*$/, '');
  const slash = cut.lastIndexOf('/');
  const origin = ORIGIN.exec(cut);
  // A base that is only an origin (`https://hub.docker.com`) has an empty path: join under it.
  if (origin && origin[1].length === cut.length) return `${cut}/${ref}`;
  return slash === -1 ? ref : cut.slice(0, slash + 1) + ref;
}
