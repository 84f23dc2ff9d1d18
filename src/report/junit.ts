import type { Finding, Severity } from '../core/types.js';
import { cdata, escapeMarkup as x } from './escape-markup.js';
import type { Reporter } from './types.js';

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/**
 * JUnit XML in the layout of ESLint's junit formatter: one <testsuite> per file with
 * findings, one <testcase> per finding named `org.hublint.<ruleId>`. A test case fails when
 * its finding is at or above `--fail-on` (as the exit code does); below it, the finding is a
 * passing case with its text in <system-out>, so a CI dashboard agrees with the job's status.
 */
export const junitReporter: Reporter = (findings, ctx) => {
  const failOn = ctx.failOn ?? 'warning';
  const fails = (f: Finding) => failOn !== 'none' && RANK[f.severity] >= RANK[failOn];
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const out = ['<?xml version="1.0" encoding="utf-8"?>', `<testsuites name="hublint" tests="${findings.length}" failures="${findings.filter(fails).length}" errors="0" time="0">`];
  for (const [file, list] of byFile) {
    out.push(`<testsuite package="org.hublint" time="0" tests="${list.length}" failures="${list.filter(fails).length}" errors="0" skipped="0" name="${x(file)}">`);
    for (const f of list) {
      const body = `${f.line}:${f.column} ${f.severity} ${f.message}`;
      out.push(
        `<testcase time="0" name="org.hublint.${x(f.ruleId)}" classname="${x(file)}">` +
          (fails(f) ? `<failure message="${x(f.message)}" type="${x(f.severity)}">${cdata(body)}</failure>` : `<system-out>${cdata(body)}</system-out>`) +
          `</testcase>`,
      );
    }
    out.push('</testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
};
