import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { lintText } from '../../src/scan/lint-file.js';
import { projectResolver } from '../../src/scan/project-files.js';
import { makePrefilter } from '../../src/extract/prefilter.js';
import { mayJoinForeignBase } from '../../src/scan/read/read-batch.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';
import type { Finding } from '../../src/core/types.js';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

export function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listFiles(full));
    else if (!name.endsWith('.expect')) out.push(full);
  }
  return out;
}

/**
 * Expected findings written in the fixture itself: `expect: rule-a, rule-b` on the offending
 * line, or `expect:+N rule` N lines above it, in the file's own comment syntax. Files that
 * cannot hold comments (JSON) keep `LINE rule-id` lines in a sidecar `<name>.expect`.
 */
export function expectedOf(file: string, text: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const add = (rule: string, line: number) => out.set(rule, [...(out.get(rule) ?? []), line].sort((a, b) => a - b));
  let sidecar: string | null = null;
  try {
    sidecar = readFileSync(`${file}.expect`, 'utf8');
  } catch {
    sidecar = null;
  }
  if (sidecar !== null) {
    for (const l of sidecar.split('\n')) {
      const m = /^\s*(\d+)\s+([\w-]+)/.exec(l);
      if (m) add(m[2], Number(m[1]));
    }
    return out;
  }
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(/\bexpect(?::\+(\d+):?|:)\s*((?:[a-z][\w-]*)(?:\s*,\s*[a-z][\w-]*)*)/g)) {
      for (const rule of m[2].split(',')) add(rule.trim(), i + 1 + Number(m[1] ?? 0));
    }
  });
  return out;
}

export function actualOf(findings: Finding[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const f of findings) out.set(f.ruleId, [...(out.get(f.ruleId) ?? []), f.line].sort((a, b) => a - b));
  return out;
}

export function asObject(m: Map<string, number[]>): Record<string, number[]> {
  return Object.fromEntries([...m.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Lints a fixture the way a scan of its folder would: other files' values read under that folder. */
export async function lintFixture(file: string, root = FIXTURES): Promise<Finding[]> {
  const ruleSet = compileRules(builtinRules(), { hubBaseVariables: ['HUB_BASE_URL'] });
  return lintText(relative(root, file).split('\\').join('/'), readFileSync(file, 'utf8'), {
    ruleSet,
    context: { project: projectResolver({ cwd: root, maxSize: 5 * 1024 * 1024 }) },
    // The scan's own gate: a Hub path in a language that reads other files' values passes too.
    prefilter: (text, path) => mentions(text) || (path !== undefined && mayJoinForeignBase(path, text)),
  });
}

const mentions = makePrefilter(['HUB_BASE_URL']);
