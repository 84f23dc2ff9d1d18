import type { Finding } from '../core/types.js';
import { cdata, escapeMarkup as x } from './escape-markup.js';
import type { Reporter } from './types.js';

/**
 * JUnit XML in the layout of ESLint's junit formatter: one <testsuite> per file with
 * findings, one failing <testcase> per finding named `org.hublint.<ruleId>`.
 */
export const junitReporter: Reporter = (findings) => {
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  const out = ['<?xml version="1.0" encoding="utf-8"?>', `<testsuites name="hublint" tests="${findings.length}" failures="${findings.length}" errors="0" time="0">`];
  for (const [file, list] of byFile) {
    out.push(`<testsuite package="org.hublint" time="0" tests="${list.length}" failures="${list.length}" errors="0" skipped="0" name="${x(file)}">`);
    for (const f of list) {
      const body = `${f.line}:${f.column} ${f.severity} ${f.message}`;
      out.push(
        `<testcase time="0" name="org.hublint.${x(f.ruleId)}" classname="${x(file)}">` +
          `<failure message="${x(f.message)}" type="${x(f.severity)}">${cdata(body)}</failure>` +
          `</testcase>`,
      );
    }
    out.push('</testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
};
