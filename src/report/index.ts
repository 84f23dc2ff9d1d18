import { UsageError } from '../core/errors.js';
import type { Finding } from '../core/types.js';
import type { StreamedJson } from './streamed-json.js';
import type { Reporter, ReportContext } from './types.js';

/** name → reporter; each loads on first use so the CLI's start-up stays light. */
const REPORTERS: Record<string, () => Promise<Reporter>> = {
  text: () => import('./text.js').then((m) => m.textReporter),
  json: () => import('./json.js').then((m) => m.jsonReporter),
  sarif: () => import('./sarif.js').then((m) => m.sarifReporter),
  junit: () => import('./junit.js').then((m) => m.junitReporter),
  github: () => import('./github.js').then((m) => m.githubReporter),
  gitlab: () => import('./gitlab.js').then((m) => m.gitlabReporter),
  markdown: () => import('./markdown.js').then((m) => m.markdownReporter),
  html: () => import('./html.js').then((m) => m.htmlReporter),
};

export const FORMATS = Object.keys(REPORTERS);

/** The formats whose one long array can be written item by item (streamed-json.ts). */
const DOCUMENTS: Record<string, () => Promise<(findings: readonly Finding[], ctx: ReportContext) => StreamedJson>> = {
  json: () => import('./json.js').then((m) => m.jsonDocument),
  sarif: () => import('./sarif.js').then((m) => m.sarifDocument),
};

/** The streamed form of a format, when it has one. */
export async function documentFor(format: string): Promise<((findings: readonly Finding[], ctx: ReportContext) => StreamedJson) | undefined> {
  return DOCUMENTS[format]?.();
}

export async function reporterFor(format: string): Promise<Reporter> {
  const load = REPORTERS[format];
  if (!load) throw new UsageError(`unknown format '${format}' (known: ${FORMATS.join(', ')})`);
  return load();
}

export type { Reporter, ReportContext } from './types.js';
