import type { PinVerdict } from '../../src/core/pin.js';
import { internalErrorFinding } from '../../src/scan/lint-file.js';
import { join } from 'node:path';
import type { Finding, ScanStats } from '../../src/core/types.js';
import { lint } from '../../src/scan/run.js';
import type { ReportContext } from '../../src/report/types.js';
import { builtinRules } from '../../src/rules/builtin.js';

export const ROOT = join(import.meta.dirname, '..', '..');

/** In-memory files in several folders (the text adapter reads them), for folder and rule totals. */
const MEMORY_FILES = [
  {
    path: 'services/api/NOTES.txt',
    text: [
      'Sync job: GET https://hub.docker.com/v2/repositories/acme/ lists our repositories.',
      'Old search: https://hub.docker.com/api/content/v1/products/search?q=nginx&page_size=25',
      'Login used https://hub.docker.com/v2/users/login until last year.',
    ].join('\n'),
  },
  {
    path: 'ops/runbook.txt',
    text: [
      'Tags were read from https://registry.hub.docker.com/v1/repositories/acme/web/tags',
      'and https://index.docker.io/v1/repositories/busybox/tags/latest',
      'Org listing: https://hub.docker.com/v2/users/acme/repositories/?page_size=100',
    ].join('\n'),
  },
  { path: 'CHANGELOG.txt', text: 'Moved off https://hub.docker.com/v2/repositories/acme/web/ in 2.0.\n' },
];

export const PIN_VERDICTS: PinVerdict[] = [
  { against: '20.10', verdict: 'accepted-downgraded', behind: 2, errorText: null, fix: null, probe: null },
  { against: '25.0', verdict: 'accepted-downgraded', behind: 5, errorText: null, fix: null, probe: null },
  {
    against: '29.0',
    verdict: 'rejected-too-old',
    behind: null,
    errorText: 'client version 1.39 is too old. Minimum supported API version is 1.44, please upgrade your client to a newer version',
    fix: 'pin 1.44 or newer, or negotiate',
    probe: { status: 400, message: 'client version 1.39 is too old' },
  },
];

/** A finding of another rule family (Engine pins), shaped as src/pins makes them. */
export function pinFinding(over: Partial<Finding> = {}): Finding {
  return {
    family: 'pin',
    ruleId: 'engine-api-pin',
    severity: 'warning',
    status: 'deprecated',
    date: null,
    file: 'deploy/compose/client.go',
    line: 12,
    column: 30,
    endLine: 12,
    endColumn: 34,
    message: 'Engine API version 1.39 is pinned (client.WithVersion); Engine 29.0 rejects it',
    method: null,
    methodSource: null,
    url: '',
    snippet: 'cli, err := client.NewClientWithOpts(client.WithVersion("1.39"))',
    replacement: null,
    fixPolicy: 'unsafe',
    confidence: 'high',
    fingerprint: 'pin0000000000000000000000000001',
    pin: { version: '1.39', form: 'go', detail: 'client.WithVersion', verdicts: PIN_VERDICTS },
    ...over,
  };
}

export function internalError(file = 'src/broken.py'): Finding {
  return internalErrorFinding(file, 'python', new Error("Unexpected token '<' at 3:7"));
}

export interface FindingsSet {
  findings: Finding[];
  ctx: ReportContext;
  /** The findings hublint's own lint() found (fixtures/ plus the in-memory files). */
  real: Finding[];
}

/**
 * A realistic set: lint() over fixtures/ and some in-memory files, plus a finding with a
 * safe fix, an internal error and Engine pin findings.
 */
export async function findingsSet(): Promise<FindingsSet> {
  const rules = builtinRules();
  const fromDisk = await lint({ cwd: ROOT, paths: ['fixtures'], rules: [...rules] });
  const fromMemory = await lint({ cwd: ROOT, files: MEMORY_FILES, rules: [...rules] });
  const real = [...fromDisk.findings, ...fromMemory.findings];
  const fixable = real.find((f) => f.fixPolicy === 'safe' && f.replacement?.url && f.line === f.endLine);
  if (!fixable) throw new Error('the findings set needs a finding with a safe fix');
  const withFix: Finding = {
    ...fixable,
    fingerprint: `${fixable.fingerprint}-fix`,
    fix: {
      policy: 'safe',
      edits: [
        {
          start: 0,
          end: fixable.endColumn - fixable.column,
          line: fixable.line,
          column: fixable.column,
          endLine: fixable.endLine,
          endColumn: fixable.endColumn,
          text: fixable.replacement?.url ?? '',
        },
      ],
    },
  };
  const findings = [
    ...real.filter((f) => f !== fixable),
    withFix,
    internalError(),
    pinFinding(),
    pinFinding({
      ruleId: 'engine-cli-image',
      file: '.gitlab-ci.yml',
      line: 4,
      column: 11,
      endLine: 4,
      endColumn: 23,
      message: 'CI image docker:19.03 ships an Engine CLI that speaks API 1.40',
      fingerprint: 'pin0000000000000000000000000002',
      pin: {
        version: '1.40',
        form: 'cli-image',
        detail: 'docker:19.03',
        verdicts: [{ against: '29.0', verdict: 'rejected-too-old', behind: null, errorText: 'client version 1.40 is too old', fix: 'use docker:27 or newer', probe: null }],
      },
    }),
  ];
  const stats: ScanStats = {
    filesScanned: fromDisk.stats.filesScanned + fromMemory.stats.filesScanned,
    filesSkipped: 0,
    skipped: {},
    findings: findings.length,
    bySeverity: { error: 0, warning: 0, info: 0 },
    durationMs: 5,
  };
  for (const f of findings) stats.bySeverity[f.severity]++;
  return { findings, real, ctx: { tool: { name: 'hublint', version: '0.1.0' }, rules, stats, cwd: ROOT } };
}
