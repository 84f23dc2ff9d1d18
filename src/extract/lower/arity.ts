import type { Piece } from './evaluate.js';

type Hole = Extract<Piece, { hole: string }>;

export interface Arity {
  /** How many path segments the value fills; null when the evidence does not decide. */
  segments: 1 | 2 | null;
  why: string;
}

// Names that hold `namespace/repository` in real code, and names that hold one segment.
const TWO = new Set(['image', 'images', 'repo', 'repository', 'ref', 'reference', 'slug', 'fullname', 'imagename', 'imageref', 'reponame', 'repositoryname']);
const ONE = new Set(['user', 'username', 'namespace', 'ns', 'org', 'orga', 'organization', 'organisation', 'owner', 'account', 'team', 'login', 'hubuser', 'dockeruser']);

function words(name: string): string[] {
  const last = name.split('.').pop() ?? name;
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether a value standing for `{namespace}` or `{namespace}/{repository}` is one path
 * segment or two: from how it is built (`x.split('/')[0]`), the literal values it takes
 * (defaults, call-site arguments like "library/nginx"), then its name.
 */
export function arityOf(h: Hole): Arity {
  if (h.oneSegment) return { segments: 1, why: 'one element of a split on "/"' };
  const examples = h.examples.map((x) => x.replace(/^\/+|(?<!\/)\/+$/g, '')).filter(Boolean);
  if (examples.some((x) => x.includes('/'))) return { segments: 2, why: `it takes "${examples.find((x) => x.includes('/'))}"` };
  if (examples.length > 0) return { segments: 1, why: `it takes "${examples[0]}"` };
  const w = words(h.hole);
  const joined = w.join('');
  const tail = w[w.length - 1] ?? '';
  if (ONE.has(joined) || ONE.has(tail)) return { segments: 1, why: `its name, ${h.hole}` };
  if (TWO.has(joined) || (TWO.has(tail) && w.length <= 2) || /^(?:full|image)name$/.test(joined)) return { segments: 2, why: `its name, ${h.hole}` };
  return { segments: null, why: `nothing shows whether ${h.hole || 'the value'} is a namespace or namespace/repository` };
}
