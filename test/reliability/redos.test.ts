import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REDACTION_PATTERNS } from '../../src/core/redact.js';

/**
 * Every regular expression in src/ runs in linear time, whatever the input: the `recheck`
 * ReDoS checker (its pure-JS backend: no network, no JVM) judges each one, with search
 * semantics (an unanchored /a+b/ is quadratic: it rescans the run from each start).
 * Patterns are collected from the source itself (regex literals, and `new RegExp` with a
 * static string), so a new one is checked without being listed anywhere. Patterns built
 * at run time from escaped literal lists (the prefilters' needles) hold no quantifier over
 * input and are not collected.
 */

interface Found {
  where: string;
  source: string;
  flags: string;
}

function collect(root: string): Found[] {
  const files = (function walk(d: string): string[] {
    return readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : n.endsWith('.ts') ? [join(d, n)] : []));
  })(root);
  const found: Found[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const where = (n: ts.Node) => `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
    const visit = (n: ts.Node): void => {
      if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = n.getText(sf);
        const slash = text.lastIndexOf('/');
        found.push({ where: where(n), source: text.slice(1, slash), flags: text.slice(slash + 1) });
      } else if (ts.isNewExpression(n) && n.expression.getText(sf) === 'RegExp' && n.arguments?.[0] && ts.isStringLiteralLike(n.arguments[0])) {
        const flags = n.arguments[1] && ts.isStringLiteralLike(n.arguments[1]) ? n.arguments[1].text : '';
        found.push({ where: where(n), source: n.arguments[0].text, flags });
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return found;
}

const verdicts = new Map<string, string>();

/** recheck's verdict; `d` (match indices) changes no matching, recheck does not know it. */
function verdict(source: string, flags: string): string {
  const key = `/${source}/${flags.replace(/d/g, '')}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const said = judge(source, flags);
  verdicts.set(key, said);
  return said;
}

function judge(source: string, flags: string): string {
  // A fixed seed and no time limits (only step limits): the fuzzer's verdict is the same on every
  // run, however loaded the machine is.
  const result = checkSync(source, flags.replace(/d/g, ''), {
    randomSeed: 17,
    timeout: null,
    incubationTimeout: null,
    attackTimeout: null,
    // The recall step runs the attack against the real engine: a pattern that is truly
    // super-linear would run forever there, so it is cut off, and the verdict stays "vulnerable".
    recallTimeout: 5_000,
    seedingTimeout: null,
  });
  return result.status === 'safe' ? 'safe' : `${result.status}${result.status === 'vulnerable' ? `: ${result.complexity.summary}` : ''}`;
}

describe('ReDoS: every pattern runs in linear time', () => {
  it('the redaction patterns (also those built with new RegExp at load time)', { timeout: 600_000 }, () => {
    const unsafe = REDACTION_PATTERNS.map((p) => [p.name, verdict(p.re.source, p.re.flags)]).filter(([, v]) => v !== 'safe');
    expect(unsafe).toEqual([]);
  });

  it('every regular expression in src/', { timeout: 600_000 }, () => {
    const found = collect(join(import.meta.dirname, '..', '..', 'src'));
    expect(found.length).toBeGreaterThan(300);
    const unsafe = found.map((f) => `${f.where} /${f.source}/${f.flags} → ${verdict(f.source, f.flags)}`).filter((line) => !line.endsWith('→ safe'));
    expect(unsafe).toEqual([]);
  });
});
