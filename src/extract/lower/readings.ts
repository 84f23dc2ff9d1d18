import { HOLE_CLOSE, HOLE_OPEN, hole } from '../../core/hole.js';
import { arityOf } from './arity.js';
import type { Piece, Pieces } from './evaluate.js';

/** Path segments a value may stand for as `{namespace}/{repository}` (the slot after them). */
const REPO_SLOT = /(?:^|\/)repositories\/$/;
/** What the Hub API serves under one repository (`/v2/repositories/{namespace}/{repository}/tags`). */
const SUB_RESOURCES = new Set(['tags', 'images', 'groups', 'collaborators', 'dockerfile', 'autobuild', 'webhooks', 'webhook_pipeline', 'buildhistory', 'buildsettings', 'links', 'stars', 'comments', 'immutabletags']);

export interface Rendered {
  url: string;
  /** Offsets of each piece in `url`. */
  at: Array<{ from: number; to: number; piece: Piece }>;
}

function render(pieces: Pieces, twoSegments: Set<Piece>): Rendered {
  let url = '';
  const at: Rendered['at'] = [];
  for (const piece of pieces) {
    const from = url.length;
    if ('text' in piece) url += piece.text;
    else {
      const name = piece.hole.replace(/[/?#\s\uE000\uE001]+/g, '_').slice(0, 40);
      url += twoSegments.has(piece) ? `${hole(`${name}:namespace`)}/${hole(`${name}:repository`)}` : hole(name);
    }
    at.push({ from, to: url.length, piece });
  }
  return { url, at };
}

interface Reading {
  url: string;
  rendered: Rendered;
  why?: string;
}

/** `/repositories/`: all of the text before a piece that REPO_SLOT reads. */
const SLOT_REACH = 14;
/** What follows a value that its reading looks at: the next segments and the query. */
const AFTER_REACH = 4096;

/**
 * The URL the pieces build, with each placeholder in the `{namespace}/{repository}` slot
 * read as one or two segments as the evidence says; undecided ones give two readings, the
 * likelier first.
 */
export function readingsOf(written: Pieces): { main: Reading; other?: Reading } {
  const pieces = written.flatMap(holesOf);
  const two = new Set<Piece>();
  let undecided: { piece: Piece; likely: 1 | 2; why: string } | undefined;
  // The last characters before each piece: REPO_SLOT reads no further back (`/repositories/`),
  // and rebuilding the whole text before every piece was quadratic (10,000 `$x` in a row).
  let lastChars = '';
  pieces.forEach((p, i) => {
    const slot = !('text' in p) && REPO_SLOT.test(lastChars);
    lastChars = (lastChars + ('text' in p ? p.text : '\u0000')).slice(-SLOT_REACH);
    if (!slot) return;
    const next = pieces[i + 1];
    if (next && !('text' in next)) return;
    // What follows (as far as AFTER_REACH); another placeholder stands as \uFFFF.
    let after = '';
    for (let k = i + 1; k < pieces.length && after.length < AFTER_REACH; k++) after += 'text' in pieces[k] ? (pieces[k] as { text: string }).text : '\uFFFF';
    const a = arityOf(p);
    // Another placeholder after the value (`$ORG/$IMAGE/tags`): the two are namespace and repository.
    if (a.segments !== 2 && after.startsWith('/\uFFFF')) return;
    // A literal segment after the value: a repository's sub-resource (`/tags`, `/groups`) makes
    // the value the repository's full name; any other name (`$1/web`) is the repository itself.
    const tail = /^\/([^/?#\uFFFF]+)/.exec(after)?.[1];
    if (a.segments === null && tail !== undefined && !SUB_RESOURCES.has(tail.toLowerCase())) return;
    if (a.segments === 2 || (a.segments === null && tail !== undefined)) two.add(p);
    else if (a.segments === null && !undecided) {
      const listing = /[?&]page(?:_size)?=/.test(after);
      undecided = { piece: p, likely: listing ? 1 : 2, why: a.why };
    }
  });
  if (!undecided) {
    const rendered = render(pieces, two);
    return { main: { url: rendered.url, rendered } };
  }
  const one = render(pieces, two);
  const both = render(pieces, new Set([...two, undecided.piece]));
  const [main, other] = undecided.likely === 2 ? [both, one] : [one, both];
  return { main: { url: main.url, rendered: main, why: undecided.why }, other: { url: other.url, rendered: other } };
}

/**
 * A URL whose holes came from a shell or template word (`$IMAGE`, `${{ github.repository }}`,
 * `{{ item }}`) read the way the lowered languages read theirs: the value in the
 * `{namespace}/{repository}` slot is one segment or two as its name says.
 */
export function readUrl(url: string): { url: string; alternatives?: string[]; arityNote?: string } {
  if (!url.includes(HOLE_OPEN)) return { url };
  const { main, other } = readingsOf([{ text: url, start: 0, end: url.length }]);
  return other ? { url: main.url, alternatives: [other.url], arityNote: main.why } : { url: main.url };
}

const HOLE_IN_TEXT = new RegExp(`${HOLE_OPEN}([^${HOLE_OPEN}${HOLE_CLOSE}]*)${HOLE_CLOSE}`, 'g');

/**
 * A text piece that holds holes already (a make `$(VAR)` expanded before the shell lowering,
 * a shell word): its holes as pieces of their own, at the piece's range.
 */
function holesOf(p: Piece): Pieces {
  if (!('text' in p) || !p.text.includes(HOLE_OPEN)) return [p];
  const out: Pieces = [];
  let at = 0;
  for (const m of p.text.matchAll(HOLE_IN_TEXT)) {
    const i = m.index ?? 0;
    if (i > at) out.push({ ...p, text: p.text.slice(at, i) });
    out.push({ hole: m[1], start: p.start, end: p.end, examples: [] });
    at = i + m[0].length;
  }
  if (at < p.text.length) out.push({ ...p, text: p.text.slice(at) });
  return out;
}
