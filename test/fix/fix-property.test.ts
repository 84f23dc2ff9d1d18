import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixVerifierFor } from '../../src/scan/fix-verifier.js';
import { lintText } from '../../src/scan/lint-file.js';
import { NO_PROJECT } from '../../src/extract/types.js';
import { makePrefilter } from '../../src/extract/prefilter.js';
import { applyEdits } from '../../src/fix/apply-edits.js';
import { verifyFix } from '../../src/fix/verify.js';
import { compileRules } from '../../src/match/ruleset.js';
import { builtinRules } from '../../src/rules/builtin.js';

/**
 * Issue 13's property: whatever shape builds a Hub URL (concatenation, format call,
 * interpolation) in whatever language, an applied fix edits only string literals (plus a joined
 * literal), the file still parses, and the call now builds exactly the replacement URL with the
 * same values; a shape hublint cannot fully understand is never rewritten.
 */

const options = { ruleSet: compileRules(builtinRules()), context: { project: NO_PROJECT }, prefilter: makePrefilter() };

/** A URL as the code builds it: literal text and named values, in order. */
type Piece = { lit: string } | { name: string };
type Shape = 'concat' | 'interp' | 'format';

interface Lang {
  file: string;
  /** How a value is written where it is used (`$ns` in PHP). */
  ref(name: string): string;
  /** A constant declaration: the value is known. */
  decl(name: string, value: string): string;
  shapes: Partial<Record<Shape, (pieces: Piece[]) => string>>;
  call(url: string): string;
  /** The fix step can rewrite this language (a lexer applies); Perl is whole-token only. */
  fixes: boolean;
}

const lit = (p: Piece): p is { lit: string } => 'lit' in p;
const concatWith = (op: string, q: string, ref: (n: string) => string) => (ps: Piece[]) => ps.map((p) => (lit(p) ? `${q}${p.lit}${q}` : ref(p.name))).join(` ${op} `);
const interpWith = (open: string, close: string, q: string, ref: (n: string) => string = (n) => n) => (ps: Piece[]) =>
  `${q}${ps.map((p) => (lit(p) ? p.lit : `${open}${ref(p.name)}${close}`)).join('')}${q.replace(/^[a-z$@]+/i, '')}`;
const formatWith = (callee: string, slot: string, q: string, ref: (n: string) => string = (n) => n, sep = ', ') => (ps: Piece[]) => {
  const args = ps.filter((p) => !lit(p)).map((p) => ref((p as { name: string }).name));
  return `${callee}(${q}${ps.map((p) => (lit(p) ? p.lit : slot)).join('')}${q}${args.length ? sep + args.join(', ') : ''})`;
};
const id = (n: string) => n;

const LANGS: Record<string, Lang> = {
  js: {
    file: 'a.js',
    ref: id,
    decl: (n, v) => `const ${n} = "${v}";`,
    shapes: { concat: concatWith('+', '"', id), interp: interpWith('${', '}', '`') },
    call: (u) => `fetch(${u});`,
    fixes: true,
  },
  ts: {
    file: 'a.ts',
    ref: id,
    decl: (n, v) => `const ${n}: string = '${v}';`,
    shapes: { concat: concatWith('+', "'", id), interp: interpWith('${', '}', '`') },
    call: (u) => `export const r = fetch(${u});`,
    fixes: true,
  },
  python: {
    file: 'a.py',
    ref: id,
    decl: (n, v) => `${n} = "${v}"`,
    shapes: { concat: concatWith('+', '"', id), interp: interpWith('{', '}', 'f"'), format: (ps) => `"${ps.map((p) => (lit(p) ? p.lit : '{}')).join('')}".format(${ps.filter((p) => !lit(p)).map((p) => (p as { name: string }).name).join(', ')})` },
    call: (u) => `requests.get(${u}, timeout=10)`,
    fixes: true,
  },
  go: {
    file: 'a.go',
    ref: id,
    decl: (n, v) => `const ${n} = "${v}"`,
    shapes: { concat: concatWith('+', '"', id), format: formatWith('fmt.Sprintf', '%s', '"') },
    call: (u) => `func f() { http.Get(${u}) }`,
    fixes: true,
  },
  java: {
    file: 'A.java',
    ref: id,
    decl: (n, v) => `static final String ${n} = "${v}";`,
    shapes: { concat: concatWith('+', '"', id), format: formatWith('String.format', '%s', '"') },
    call: (u) => `HttpRequest f() { return HttpRequest.newBuilder(URI.create(${u})).GET().build(); }`,
    fixes: true,
  },
  csharp: {
    file: 'A.cs',
    ref: id,
    decl: (n, v) => `const string ${n} = "${v}";`,
    shapes: { concat: concatWith('+', '"', id), interp: interpWith('{', '}', '$"'), format: (ps) => { let i = 0; return formatWith('string.Format', '@@', '"')(ps).replace(/@@/g, () => `{${i++}}`); } },
    call: (u) => `async Task F(HttpClient client) { await client.GetAsync(${u}); }`,
    fixes: true,
  },
  php: {
    file: 'a.php',
    ref: (n) => `$${n}`,
    decl: (n, v) => `$${n} = '${v}';`,
    shapes: { concat: concatWith('.', "'", (n) => `$${n}`), interp: interpWith('{', '}', '"', (n) => `$${n}`), format: formatWith('sprintf', '%s', "'", (n) => `$${n}`) },
    call: (u) => `$r = file_get_contents(${u});`,
    fixes: true,
  },
  ruby: {
    file: 'a.rb',
    ref: id,
    decl: (n, v) => `${n.toUpperCase() === n ? n : n} = "${v}"`,
    shapes: { concat: concatWith('+', '"', id), interp: interpWith('#{', '}', '"'), format: formatWith('format', '%s', '"') },
    call: (u) => `Net::HTTP.get(URI(${u}))`,
    fixes: true,
  },
  rust: {
    file: 'a.rs',
    ref: id,
    decl: (n, v) => `const ${n}: &str = "${v}";`,
    shapes: { format: formatWith('format!', '{}', '"'), interp: (ps) => `format!("${ps.map((p) => (lit(p) ? p.lit : `{${p.name}}`)).join('')}")` },
    call: (u) => `async fn f() { let _ = reqwest::get(${u}).await; }`,
    fixes: true,
  },
  kotlin: {
    file: 'a.kt',
    ref: id,
    decl: (n, v) => `const val ${n} = "${v}"`,
    shapes: { concat: concatWith('+', '"', id), interp: interpWith('${', '}', '"'), format: formatWith('String.format', '%s', '"') },
    call: (u) => `fun f() = URL(${u}).readText()`,
    fixes: true,
  },
  shell: {
    file: 'a.sh',
    ref: (n) => `$${n}`,
    decl: (n, v) => `${n}=${v}`,
    shapes: { interp: interpWith('${', '}', '"') },
    call: (u) => `curl -fsS ${u}`,
    fixes: true,
  },
  powershell: {
    file: 'a.ps1',
    ref: (n) => `$${n}`,
    decl: (n, v) => `$${n} = "${v}"`,
    shapes: { interp: interpWith('', '', '"', (n) => `$${n}`) },
    call: (u) => `Invoke-RestMethod -Uri ${u}`,
    fixes: true,
  },
  perl: {
    file: 'a.pl',
    ref: (n) => `$${n}`,
    decl: (n, v) => `my $${n} = "${v}";`,
    shapes: { concat: concatWith('.', '"', (n) => `$${n}`), interp: interpWith('${', '}', '"'), format: formatWith('sprintf', '%s', '"', (n) => `$${n}`) },
    call: (u) => `my $r = $ua->get(${u});`,
    fixes: false,
  },
};

const HUB = 'https://hub.docker.com';

/** The routes under test: the deprecated path as pieces, and the path a correct fix builds. */
interface Route {
  old: (ns: Piece, repo: Piece) => Piece[];
  fixed: (ns: string, repo: string) => string;
}
const ROUTES: Route[] = [
  { old: (ns) => [{ lit: `${HUB}/v2/repositories/` }, ns], fixed: (ns) => `${HUB}/v2/namespaces/${ns}/repositories` },
  { old: (ns) => [{ lit: `${HUB}/v2/repositories/` }, ns, { lit: '/' }], fixed: (ns) => `${HUB}/v2/namespaces/${ns}/repositories/` },
  { old: (ns, repo) => [{ lit: `${HUB}/v2/repositories/` }, ns, { lit: '/' }, repo, { lit: '/' }], fixed: (ns, repo) => `${HUB}/v2/namespaces/${ns}/repositories/${repo}/` },
  { old: (ns) => [{ lit: `${HUB}/v2/repositories/` }, ns, { lit: '?page_size=100' }], fixed: (ns) => `${HUB}/v2/namespaces/${ns}/repositories?page_size=100` },
];

/** Merges neighbouring literals so a shape never writes two literals side by side. */
function tidy(ps: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of ps) {
    const last = out[out.length - 1];
    if (last && lit(last) && lit(p)) out[out.length - 1] = { lit: last.lit + p.lit };
    else out.push(p);
  }
  return out;
}

async function fixOf(file: string, text: string): Promise<{ after: string; applied: boolean; refused: string[] }> {
  const findings = await lintText(file, text, options);
  const fixed = findings.filter((f) => f.fix?.policy === 'safe');
  const refused = findings.filter((f) => !f.fix).map((f) => String(f.fixRefusal ?? f.suggestion));
  if (fixed.length === 0) return { after: text, applied: false, refused };
  const { text: after, applied } = applyEdits(text, fixed.flatMap((f) => f.fix!.edits));
  const why = await verifyFix(text, after, fixed, applied, await fixVerifierFor(file, text, options));
  return why === null ? { after, applied: true, refused } : { after: text, applied: false, refused: [...refused, why] };
}

/** The URLs the file's calls build, values shown as `{name}` (an independent oracle: the adapter, not the planner). */
async function urlsOf(file: string, text: string): Promise<string[]> {
  const v = await fixVerifierFor(file, text, options);
  return (await v.candidates(text)).map((c) => c.url.replace(/\uE000([^\uE001]*)\uE001/g, '{$1}'));
}

describe('fix property: every language, every shape', () => {
  const applied = new Map<string, number>();
  for (const [name, lang] of Object.entries(LANGS)) {
    const shapes = Object.keys(lang.shapes) as Shape[];
    it(`${name}: an applied fix builds exactly the replacement and keeps the code; unknown values are refused`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...shapes),
          fc.nat(ROUTES.length - 1),
          fc.constantFrom('acme', 'team-a', 'org42'),
          fc.boolean(),
          async (shape, r, nsValue, nsKnown) => {
            const route = ROUTES[r];
            const pieces = tidy(route.old({ name: 'NS' }, { name: 'REPO' }));
            const usesRepo = pieces.some((p) => !lit(p) && p.name === 'REPO');
            const decls = [nsKnown ? lang.decl('NS', nsValue) : '', usesRepo ? lang.decl('REPO', 'web') : ''].filter(Boolean);
            const text = `${decls.join('\n')}\n${lang.call(lang.shapes[shape]!(pieces))}\n`;
            const result = await fixOf(lang.file, text);
            if (!result.applied) return;
            applied.set(name, (applied.get(name) ?? 0) + 1);
            // Only known values are ever rewritten as a namespace.
            expect(nsKnown).toBe(true);
            expect(lang.fixes).toBe(true);
            // The call now builds the replacement with the same values, as re-read by the adapter.
            expect(await urlsOf(lang.file, result.after)).toContain(route.fixed(nsValue, 'web'));
            // Idempotent, and nothing left to fix.
            expect((await fixOf(lang.file, result.after)).applied).toBe(false);
          },
        ),
        { numRuns: 40, seed: 13 },
      );
    });
  }
  it('applies fixes in every language with a lexer (the property is not vacuous)', () => {
    for (const [name, lang] of Object.entries(LANGS)) if (lang.fixes) expect([name, applied.get(name) ?? 0]).not.toEqual([name, 0]);
  });
});

describe('verification refuses broken edits', () => {
  // The bug of issue 13: a slash and a word moved outside the string, a division that parses.
  const broken: Array<[string, string, string]> = [
    ['a.py', 'NS = "acme"\nrequests.get("https://hub.docker.com/v2/repositories/" + NS)\n', 'requests.get("https://hub.docker.com/v2/namespaces/"/repositories + NS)'],
    ['a.js', 'const ns = "acme";\nfetch("https://hub.docker.com/v2/repositories/" + ns + "/");\n', 'fetch("https://hub.docker.com/v2/namespaces/"/repositories + ns + "/");'],
    ['a.go', 'const ns = "acme"\nfunc f() { http.Get("https://hub.docker.com/v2/repositories/" + ns + "/") }\n', 'func f() { http.Get("https://hub.docker.com/v2/namespaces/"/repositories + ns + "/") }'],
    ['A.java', 'class A { static final String NS = "acme"; void f() { URI.create("https://hub.docker.com/v2/repositories/" + NS + "/"); } }\n', 'class A { static final String NS = "acme"; void f() { URI.create("https://hub.docker.com/v2/namespaces/"/repositories + NS + "/"); } }'],
    ['A.cs', 'class A { const string Ns = "acme"; async Task F(HttpClient c) { await c.GetAsync("https://hub.docker.com/v2/repositories/" + Ns + "/"); } }\n', 'class A { const string Ns = "acme"; async Task F(HttpClient c) { await c.GetAsync("https://hub.docker.com/v2/namespaces/"/repositories + Ns + "/"); } }'],
  ];
  for (const [file, before, line] of broken) {
    it(`${file}: the old planner's edit fails the skeleton check`, async () => {
      const findings = (await lintText(file, before, options)).filter((f) => f.fix);
      expect(findings.length).toBe(1);
      const lines = before.split('\n');
      const after = [...lines.slice(0, -2), line, ''].join('\n');
      const edit = { start: 0, end: before.length, text: after };
      const why = await verifyFix(before, after, findings, [edit], await fixVerifierFor(file, before, options));
      expect(why).toMatch(/outside string literals|would not parse|syntax error/);
    });
  }

  it('a literal edit that reaches another route fails the meaning check', async () => {
    const before = 'requests.get("https://hub.docker.com/v2/repositories/acme/web")\n';
    const findings = (await lintText('a.py', before, options)).filter((f) => f.fix);
    const after = before.replace('/v2/repositories/acme/web', '/v2/namespaces/acme/repositories/web/tags');
    const why = await verifyFix(before, after, findings, [{ start: 0, end: before.length, text: after }], await fixVerifierFor('a.py', before, options));
    expect(why).toMatch(/not the replacement route/);
  });

  it('a value that may hold namespace/repository, or a tags tail, is never planned', async () => {
    for (const text of [
      'def f(image):\n    return requests.get("https://hub.docker.com/v2/repositories/" + image + "/")\n',
      'def f(repo):\n    return requests.get(f"https://hub.docker.com/v2/repositories/{repo}/tags?page_size=100")\n',
    ]) {
      const findings = await lintText('a.py', text, options);
      expect(findings.every((f) => f.fix === undefined)).toBe(true);
    }
  });
});
