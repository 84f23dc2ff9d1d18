// Loads the labelled cases: one folder per case under eval/cases/, each with its case.yaml
// (the format is fixed in eval/README.md). A malformed case.yaml is an error that names the
// file and the key, because a case that silently loses its labels would score as clean.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const KINDS = ['site', 'repo-negative'];
export const CONTEXTS = ['code', 'comment', 'doc', 'test', 'config'];
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
export const PIN_RULE = 'engine-api-pin';

/** Code and docs are scored apart: comments and Markdown/reST are docs, the rest is code. */
export const DOC_CONTEXTS = new Set(['doc', 'comment']);
export function contextGroup(context) {
  return DOC_CONTEXTS.has(context) ? 'docs' : 'code';
}

export class CaseError extends Error {}

/** The case ids (folder names) under `casesDir`, sorted. */
export function caseIds(casesDir) {
  if (!existsSync(casesDir)) return [];
  return readdirSync(casesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(casesDir, d.name, 'case.yaml')))
    .map((d) => d.name)
    .sort();
}

/** Reads and checks one case; throws CaseError naming the file and the key. */
export function loadCase(casesDir, id) {
  const dir = join(casesDir, id);
  const where = `eval/cases/${id}/case.yaml`;
  const fail = (key, what) => {
    throw new CaseError(`${where}: ${key} ${what}`);
  };
  let doc;
  try {
    doc = parse(readFileSync(join(dir, 'case.yaml'), 'utf8'));
  } catch (error) {
    fail('(file)', `is not valid YAML: ${error.message.split('\n')[0]}`);
  }
  if (doc === null || typeof doc !== 'object') fail('(file)', 'is not a mapping');
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(id)) fail('(folder name)', 'must be kebab-case');
  if (!KINDS.includes(doc.kind)) fail('kind', `must be one of ${KINDS.join(', ')}`);
  if (typeof doc.language !== 'string' || doc.language === '') fail('language', 'is required');
  if (!Array.isArray(doc.sources) || doc.sources.length === 0) fail('sources', 'needs at least one entry');
  doc.sources.forEach((s, i) => {
    if (typeof s?.repo !== 'string' || !/^[\w.-]+\/[\w.-]+$/.test(s.repo)) fail(`sources[${i}].repo`, 'must be owner/name');
    if (s.commit !== undefined && s.commit !== null && !/^[0-9a-f]{40}$/.test(String(s.commit))) fail(`sources[${i}].commit`, 'must be a 40-hex sha');
  });
  const labels = doc.labels ?? [];
  if (!Array.isArray(labels)) fail('labels', 'must be a list');
  const checked = labels.map((l, i) => checkLabel(l, `labels[${i}]`, dir, fail));
  return {
    id,
    dir,
    kind: doc.kind,
    language: doc.language,
    sources: doc.sources,
    notes: doc.notes ?? '',
    labels: checked,
    silent: Array.isArray(doc.silent) ? doc.silent : [],
  };
}

/**
 * Checks one label of the format in eval/README.md and returns it with its accepted lines
 * (`line` + `alt`); `fail(key, what)` throws naming where the label came from. Shared by the
 * corpus cases and the first-look labels (eval/first-look.mjs), so both read labels alike.
 */
export function checkLabel(l, key, dir, fail) {
  if (typeof l?.file !== 'string' || l.file === '') fail(`${key}.file`, 'is required');
  if (!existsSync(join(dir, l.file))) fail(`${key}.file`, `names a file that is not in the folder: ${l.file}`);
  if (!Number.isInteger(l.line) || l.line < 1) fail(`${key}.line`, 'must be a positive integer');
  const alt = l.alt ?? [];
  if (!Array.isArray(alt) || !alt.every((n) => Number.isInteger(n) && n >= 1)) fail(`${key}.alt`, 'must be a list of line numbers');
  if (typeof l.rule !== 'string' || l.rule === '') fail(`${key}.rule`, 'is required');
  if (!CONTEXTS.includes(l.context)) fail(`${key}.context`, `must be one of ${CONTEXTS.join(', ')}`);
  if (l.rule === PIN_RULE) {
    if (l.version === undefined) fail(`${key}.version`, 'is required for a pin label');
  } else if (l.rule.startsWith('hub-') && !METHODS.includes(l.method)) {
    fail(`${key}.method`, `must be one of ${METHODS.join(', ')} for a Hub label`);
  }
  return {
    file: l.file,
    line: l.line,
    lines: [l.line, ...alt],
    rule: l.rule,
    method: l.method ?? null,
    version: l.version === undefined ? null : String(l.version),
    context: l.context,
    optional: l.optional === true,
  };
}
