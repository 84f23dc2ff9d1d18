import { hasHole } from '../core/hole.js';

type Part = { literal: string } | { param: string };

export interface PathTemplate {
  source: string;
  parts: Part[];
}

export function compileTemplate(path: string): PathTemplate {
  const parts = path
    .split('/')
    .slice(1)
    .map((seg): Part => (/^\{(\w+)\}$/.test(seg) ? { param: seg.slice(1, -1) } : { literal: seg }));
  return { source: path, parts };
}

/**
 * Whole-segment match: the same number of segments, literals equal, a placeholder takes
 * any one non-empty segment. A hole is never taken for a literal segment: we only know
 * it is one segment, not which.
 */
export function matchTemplate(t: PathTemplate, segments: readonly string[]): Record<string, string> | null {
  if (segments.length !== t.parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const part = t.parts[i];
    const seg = segments[i];
    if ('literal' in part) {
      if (seg !== part.literal || hasHole(seg)) return null;
    } else {
      if (seg === '') return null;
      params[part.param] = seg;
    }
  }
  return params;
}

/** Fills `{name}` placeholders with known values; unknown ones (or holes) stay as written. */
export function fillTemplate(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v !== undefined && !hasHole(v) ? v : whole;
  });
}
