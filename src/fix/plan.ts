import type { Candidate, FixPolicy, Match } from '../core/types.js';

export interface TextEdit {
  /** Offsets in the BOM-less text the adapters saw. */
  start: number;
  end: number;
  text: string;
}

export type FixPlan = { policy: Exclude<FixPolicy, 'none'>; edits: TextEdit[] } | { policy: 'none'; reason: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** How the URL writes its slashes in this source: plain, URL-encoded, or JSON-escaped. */
function separatorOf(slice: string): { re: string; text: string } {
  const encoded = /%2F/i.exec(slice);
  if (encoded) return { re: '%2[Ff]', text: encoded[0] };
  if (slice.includes('\\/')) return { re: '\\\\/', text: '\\/' };
  return { re: '/', text: '/' };
}

/** A body that names `namespace` in the call's own lines makes a create-repository rewrite safe. */
function bodyHasNamespace(text: string, c: Candidate): boolean {
  const from = text.lastIndexOf('\n', Math.max(0, c.start - 1));
  let to = c.end;
  for (let i = 0; i < 4 && to !== -1; i++) to = text.indexOf('\n', to + 1);
  const around = text.slice(Math.max(0, from - 400), to === -1 ? undefined : to);
  return /["']?namespace["']?\s*[:=]|--data[^\n]*namespace|-d[^\n]*namespace/.test(around);
}

/**
 * Plans the edit that moves a deprecated call to its replacement inside the candidate's own
 * source range. Only literal text changes: holes (`${ns}`, `{ns}`, `$NS`, `" + ns + "`) may
 * sit where a placeholder is and move with it, but a segment that must change has to be
 * written out; otherwise the finding gets a suggestion instead.
 */
export function planFix(text: string, c: Candidate, m: Match): FixPlan {
  const v = m.variant;
  if (!v.replacement) return { policy: 'none', reason: v.replacementReason ?? 'no replacement endpoint' };
  let policy = v.fix.policy;
  if (policy === 'none') return { policy, reason: v.fix.note };
  if (c.prose) return { policy: 'none', reason: 'Markdown prose is never rewritten: it may describe the deprecation itself' };
  if (m.rule.id === 'hub-create-repository' && policy === 'unsafe' && bodyHasNamespace(text, c)) policy = 'safe';
  const needed = [...v.replacement.path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]);
  const missing = needed.find((name) => m.params[name] === undefined);
  if (missing) return { policy: 'none', reason: `the replacement needs {${missing}}, which the old URL does not contain` };

  const slice = text.slice(c.start, c.end);
  const sep = separatorOf(slice);
  const parts = v.path.split('/').slice(1);
  const names: string[] = [];
  const body = parts
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (!param) return escape(part);
      names.push(param[1]);
      // Whatever source text holds the value (`acme`, `${ns}`, `$NS`, `" + ns + "`) moves as it is.
      return `([^/\\n]+?)`;
    })
    .join(sep.re);
  const re = new RegExp(`${sep.re}${body}(?=$|${sep.re}|[?#"'\`\\s)&\\\\]|%3[Ff]|%23)`);
  const found = re.exec(slice);
  if (!found) return { policy: 'none', reason: 'the deprecated path is not written out literally here (it is built from values hublint cannot rewrite)' };

  const captured: Record<string, string> = {};
  names.forEach((name, i) => (captured[name] = found[i + 1]));
  const newPath = v.replacement.path
    .split('/')
    .slice(1)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      return param ? captured[param[1]] : part;
    })
    .join(sep.text);
  const edits: TextEdit[] = [{ start: c.start + found.index, end: c.start + found.index + found[0].length, text: sep.text + newPath }];
  // The replacement API lives on hub.docker.com only.
  const host = /(?:registry\.hub\.docker\.com|index\.docker\.io)/i.exec(slice.slice(0, found.index));
  if (host) edits.unshift({ start: c.start + host.index, end: c.start + host.index + host[0].length, text: 'hub.docker.com' });
  return { policy, edits };
}
