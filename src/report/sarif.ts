import { pathToFileURL } from 'node:url';
import type { Finding, Severity } from '../core/types.js';
import { replacementCall, ruleCatalog, variantSummary, type ReportRule } from './rule-catalog.js';
import { joinJson, streamedJson, type StreamedJson } from './streamed-json.js';
import type { Reporter, ReportContext } from './types.js';

/**
 * SARIF 2.1.0 (OASIS, https://docs.oasis-open.org/sarif/sarif/v2.1.0/) as GitHub code
 * scanning ingests it: one run, rules from the table, relative URIs under %SRCROOT%,
 * 1-based lines and columns (end column exclusive, as §3.30.7 says), UTF-16 columns.
 */

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const SRCROOT = '%SRCROOT%';
const FINGERPRINT_KEY = 'hublint/v1';

type Level = 'error' | 'warning' | 'note';
const LEVEL: Record<Severity, Level> = { error: 'error', warning: 'warning', info: 'note' };

interface Region {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

const isAbsolutePath = (p: string) => p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p);

/** A finding's file as an artifactLocation: relative, percent-encoded POSIX under %SRCROOT%; absolute paths as file URLs. */
export function artifactLocation(file: string): { uri: string; uriBaseId?: string } {
  const posix = file.replace(/\\/g, '/');
  if (isAbsolutePath(posix)) return { uri: pathToFileURL(file).href };
  const uri = posix
    .replace(/^\.\//, '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return { uri, uriBaseId: SRCROOT };
}

/** A region that is never inverted (SARIF1007): an end before the start collapses onto the start. */
function region(line: number, column: number, endLine: number, endColumn: number): Region {
  const startLine = Math.max(1, line);
  const startColumn = Math.max(1, column);
  const inverted = endLine < startLine || (endLine === startLine && endColumn < startColumn);
  return inverted ? { startLine, startColumn, endLine: startLine, endColumn: startColumn } : { startLine, startColumn, endLine, endColumn };
}

function helpOf(rule: ReportRule): { text: string; markdown: string } {
  const when = rule.date ?? rule.dateNote ?? 'no date given';
  const status = `Status: ${rule.status}${rule.date ? ` since ${rule.date}` : ''}.`;
  const text: string[] = [rule.description, '', status];
  const md: string[] = [rule.description, '', `**Status:** ${rule.status} — ${when}`];
  if (rule.dateNote && rule.date) {
    text.push(rule.dateNote);
    md.push('', rule.dateNote);
  }
  if (rule.variants.length) {
    text.push('', 'Replacements:');
    md.push('', '**Replacements:**', '');
    for (const v of rule.variants) {
      const fix = `fix: ${v.fix.policy} — ${v.fix.note}`;
      text.push(`- ${variantSummary(v)} (${fix})`);
      md.push(`- ${variantSummary(v)} (${fix})`);
    }
  }
  if (rule.migration) {
    text.push('', `Migration: ${rule.migration}`);
    md.push('', `**Migration:** ${rule.migration}`);
  }
  if (rule.docs) {
    text.push('', `Docs: ${rule.docs}`);
    md.push('', `[Documentation](${rule.docs})`);
  }
  return { text: text.join('\n'), markdown: md.join('\n') };
}

function ruleDescriptor(rule: ReportRule) {
  const family = rule.id === 'internal-error' ? 'hublint' : rule.family === 'pin' ? 'docker-engine-api' : 'docker-hub-api';
  return {
    id: rule.id,
    name: rule.id
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(''),
    shortDescription: { text: rule.title },
    fullDescription: { text: rule.description },
    ...(rule.docs ? { helpUri: rule.docs } : {}),
    help: helpOf(rule),
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: {
      tags: [family, rule.status, ...(rule.synthetic ? [] : ['deprecation'])],
      status: rule.status,
      ...(rule.date ? { date: rule.date } : {}),
    },
  };
}

function fixesOf(f: Finding) {
  const fix = f.fix;
  if (!fix) return undefined;
  const call = replacementCall(f);
  const what = call ? `Rewrite to ${call}` : `Apply hublint's fix for ${f.ruleId}`;
  return [
    {
      description: { text: fix.policy === 'unsafe' ? `${what} (unsafe: review the call's body and response handling)` : what },
      artifactChanges: [
        {
          artifactLocation: artifactLocation(f.file),
          replacements: fix.edits.map((e) => ({
            deletedRegion: region(e.line, e.column, e.endLine, e.endColumn),
            insertedContent: { text: e.text },
          })),
        },
      ],
    },
  ];
}

function resultProperties(f: Finding): Record<string, unknown> {
  const props: Record<string, unknown> = { status: f.status, confidence: f.confidence, fixPolicy: f.fixPolicy };
  if (typeof f.suggestion === 'string') props.suggestion = f.suggestion;
  if (f.date) props.date = f.date;
  if (f.method) props.method = f.method;
  if (f.url) props.url = f.url;
  const call = replacementCall(f);
  if (call) props.replacement = call;
  if (f.pin) {
    props.version = f.pin.version;
    props.form = f.pin.form;
  }
  return props;
}

function resultOf(f: Finding, index: Map<string, number>) {
  const fixes = fixesOf(f);
  return {
    ruleId: f.ruleId,
    ruleIndex: index.get(f.ruleId) as number,
    level: LEVEL[f.severity],
    message: { text: f.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(f.file),
          region: region(f.line, f.column, f.endLine, f.endColumn),
          // The finding's snippet is its (redacted, trimmed) line: context for a one-line region.
          ...(f.snippet && f.endLine <= f.line ? { contextRegion: { startLine: Math.max(1, f.line), snippet: { text: f.snippet } } } : {}),
        },
      },
    ],
    partialFingerprints: { [FINGERPRINT_KEY]: f.fingerprint },
    ...(fixes ? { fixes } : {}),
    properties: resultProperties(f),
  };
}

function* resultsOf(findings: readonly Finding[], index: Map<string, number>): Iterable<unknown> {
  for (const f of findings) yield resultOf(f, index);
}

/** The SARIF log, its results written one by one (streamed-json.ts). */
export function sarifDocument(findings: readonly Finding[], ctx: ReportContext): StreamedJson {
  const rules = ruleCatalog(findings, ctx.rules, ctx.ruleDescriptions);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const run = (results: unknown[]) => ({
    tool: {
      driver: {
        name: ctx.tool.name,
        version: ctx.tool.version,
        semanticVersion: ctx.tool.version,
        // No informationUri: hublint has no public home yet, and SARIF makes it optional (§3.19.12).
        rules: rules.map(ruleDescriptor),
      },
    },
    invocations: [{ executionSuccessful: true }],
    ...(ctx.cwd ? { originalUriBaseIds: { [SRCROOT]: { uri: pathToFileURL(ctx.cwd).href.replace(/\/?$/, '/') } } } : {}),
    columnKind: 'utf16CodeUnits',
    results,
  });
  return streamedJson((results) => ({ $schema: SCHEMA, version: '2.1.0', runs: [run(results)] }), resultsOf(findings, index));
}

export const sarifReporter: Reporter = (findings, ctx) => `${joinJson(sarifDocument(findings, ctx))}\n`;
