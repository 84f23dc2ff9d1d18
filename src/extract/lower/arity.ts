import { ONE_SEGMENT_NAMES, TWO_SEGMENT_NAMES } from '../../core/segment-words.js';
import type { Piece } from './evaluate.js';

type Hole = Extract<Piece, { hole: string }>;

export interface Arity {
  /** How many path segments the value fills; null when the evidence does not decide. */
  segments: 1 | 2 | null;
  why: string;
}

// Names that hold `namespace/repository` in real code, and names that hold one segment.
// The fix's evidence reads the shared table (core/segment-words.ts); detection reads wider, with the
// short and plural forms real code uses (`ns`, `uName`, `images`) and a Hub publisher's name.
const TWO = new Set([...TWO_SEGMENT_NAMES, 'images', 'repository', 'ref', 'reference', 'imagename', 'imageref', 'reponame', 'repositoryname']);
const ONE = new Set([...ONE_SEGMENT_NAMES, 'ns', 'orga', 'organisation', 'team', 'login', 'hubuser', 'dockeruser', 'person', 'uname', 'publisher']);
/** A name for several of them (`teams`, `people`): a loop over it hands on one. */
const PLURAL: Record<string, string> = { people: 'person' };

function words(name: string): string[] {
  const last = name.split('.').pop() ?? name;
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const singular = (w: string): string => PLURAL[w] ?? (w.length > 3 && w.endsWith('s') && ONE.has(w.slice(0, -1)) ? w.slice(0, -1) : w);

/** What a value's name says of its segments: one, two, or nothing. */
export function nameArity(name: string): 1 | 2 | null {
  const w = words(name).map(singular);
  const joined = w.join('');
  const tail = w[w.length - 1] ?? '';
  if (ONE.has(joined) || ONE.has(tail)) return 1;
  if (TWO.has(joined) || (TWO.has(tail) && w.length <= 2) || /^(?:full|image)name$/.test(joined)) return 2;
  return null;
}

/**
 * Whether a value standing for `{namespace}` or `{namespace}/{repository}` is one path
 * segment or two: from how it is built (`x.split('/')[0]`), the literal values it takes
 * (defaults, call-site arguments like "library/nginx"), its name, then the names of what its
 * callers pass for it (`Single(ctx, image)` for a parameter named `ownerAndName`), when they agree.
 */
export function arityOf(h: Hole): Arity {
  if (h.oneSegment) return { segments: 1, why: 'one element of a split on "/", or escaped' };
  const examples = h.examples.map((x) => x.replace(/^\/+|(?<!\/)\/+$/g, '')).filter(Boolean);
  if (examples.some((x) => x.includes('/'))) return { segments: 2, why: `it takes "${examples.find((x) => x.includes('/'))}"` };
  if (examples.length > 0) return { segments: 1, why: `it takes "${examples[0]}"` };
  const own = nameArity(h.hole);
  if (own !== null) return { segments: own, why: `its name, ${h.hole}` };
  // A caller's name that says nothing (`x`) does not outvote one that says something.
  const said = (h.callers ?? []).map((n) => ({ n, a: nameArity(n) })).filter((x) => x.a !== null);
  const votes = new Set(said.map((x) => x.a));
  const only = votes.size === 1 ? [...votes][0] : null;
  if (only) return { segments: only, why: `its callers pass ${[...new Set(said.map((x) => x.n))].join(', ')}` };
  return { segments: null, why: `nothing shows whether ${h.hole || 'the value'} is a namespace or namespace/repository` };
}
