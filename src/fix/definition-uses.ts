import { showHoles } from '../core/hole.js';
import { redactUrl } from '../core/redact.js';
import type { Candidate, Finding } from '../core/types.js';
import { lineAt, lineStarts } from './in-step.js';
import { comparableUrl } from './verify.js';
import { definedName } from './defined-name.js';

/**
 * A fix whose edit lands in a constant's definition (`export const HUB_REPOS = '…'`,
 * `HUB_REPOS = "…"`, Go `HubRepos = "…"`) changes every URL built from that constant, in
 * other files too (issue 31, row 4). The fix's own file is re-checked by the verifier; this
 * re-reads every other linted file that names the constant against the edited definition, and
 * keeps the fix only when each use it changes reaches the same replacement: the old URL, maybe
 * with a trailing slash or a query, becomes the fix's target with the same tail. Otherwise the
 * fix is refused with the uses listed.
 */

export interface UseCheck {
  /** Every file the scan met, and a reader. */
  paths: () => readonly string[];
  read: (path: string) => string | undefined;
  /** A file's URLs read with some files given other texts. */
  candidatesWith: (file: string, text: string, overlay: ReadonlyMap<string, string>) => Promise<Candidate[]>;
  /**
   * The folder of the project a file belongs to (its repository or package root): a constant is
   * used only by files of its own project, so a scan of many projects asks each fix about its
   * project's files, not every file met (which made --fix over many repositories quadratic).
   */
  rootOf?: (file: string) => string;
}

/** Per run (keyed by its `paths`): the files of each project root and family that name each constant. */
const naming = new WeakMap<UseCheck['paths'], { byRoot: Map<string, readonly string[]>; named: Map<string, readonly string[]> }>();

function filesNaming(check: UseCheck, file: string, name: string, word: RegExp): readonly string[] {
  let run = naming.get(check.paths);
  if (!run) {
    const byRoot = new Map<string, string[]>();
    for (const path of new Set(check.paths())) {
      const root = check.rootOf?.(path) ?? '';
      let list = byRoot.get(root);
      if (!list) byRoot.set(root, (list = []));
      list.push(path);
    }
    naming.set(check.paths, (run = { byRoot, named: new Map() }));
  }
  const root = check.rootOf?.(file) ?? '';
  const key = `${root}\0${family(file)}\0${name}`;
  let hit = run.named.get(key);
  if (!hit) {
    hit = (run.byRoot.get(root) ?? []).filter((path) => {
      if (family(path) !== family(file)) return false;
      const text = check.read(path);
      return text !== undefined && word.test(text);
    });
    run.named.set(key, hit);
  }
  return hit;
}

const bare = (url: string) => showHoles(comparableUrl(redactUrl(url)));
const noSlash = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : url);

/** Files whose constants one another may import: JS and TS together, else one extension. */
function family(path: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return /^[cm]?[jt]sx?$/.test(ext) ? 'js' : ext;
}

/** Why each fix of `file` that rewrites a constant used elsewhere must wait, by fingerprint. */
export async function definitionProblems(file: string, before: string, after: string, fixed: readonly Finding[], check: UseCheck): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of fixed) {
    const edit = f.fix?.edits.find((e) => !e.kind);
    const name = edit && f.fix?.target ? definedName(before, edit.start) : null;
    if (!name || !edit) continue;
    const word = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
    const old = noSlash(bare(f.url));
    const target = noSlash(bare(f.fix!.target!));
    const bad: string[] = [];
    for (const path of filesNaming(check, file, name, word)) {
      if (path === file) continue;
      const text = check.read(path);
      if (text === undefined) continue;
      const other = { path, text };
      const was = await check.candidatesWith(other.path, other.text, new Map());
      const now = await check.candidatesWith(other.path, other.text, new Map([[file, after]]));
      const starts = lineStarts(other.text);
      for (const w of was) {
        const n = now.find((x) => x.start === w.start && x.end === w.end);
        const wasUrl = bare(w.url);
        // A construction that does not name the constant changed through another fix's constant.
        if ((n && bare(n.url) === wasUrl) || !word.test(other.text.slice(w.start, w.end))) continue;
        const tail = wasUrl.startsWith(old) ? wasUrl.slice(old.length) : null;
        const sameRoute = tail !== null && /^\/?(?:[?#]|$)/.test(tail);
        if (!n || !sameRoute || bare(n.url) !== target + tail) bad.push(`${other.path}:${lineAt(starts, w.start) + 1} (${wasUrl})`);
      }
    }
    if (bad.length) out.set(f.fingerprint, `the constant ${name} is also used where the rewrite is not shown to reach the same replacement: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? `, and ${bad.length - 5} more` : ''}; rewrite those by hand, or give them a constant of their own`);
  }
  return out;
}
