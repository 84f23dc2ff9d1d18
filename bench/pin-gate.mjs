#!/usr/bin/env node
// The pin gate of the read pass (src/pins/extract/prefilter.ts, PIN_BYTE_PATTERNS) against the
// same alternatives joined into one regex, on the Latin-1 view of every file that may pin
// (mayPinIn): the time of each (best of 3), and the files where the answers differ (must be 0).
// With --regroup it also searches a grouping greedily (each alternative joins the group where it
// adds least time), to re-check the grouping after a Node/V8 upgrade.
//
//   node bench/pin-gate.mjs [--regroup] FOLDER...
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';

const REPO = dirname(dirname(fileURLToPath(import.meta.url)));
const { PIN_BYTE_PATTERNS, mayPinIn } = await import(pathToFileURL(join(REPO, 'dist/pins/extract/prefilter.js')).href);
const { values, positionals } = parseArgs({ options: { regroup: { type: 'boolean', default: false } }, allowPositionals: true });

/** The top-level alternatives of a regex source (outside groups and classes). */
function alternatives(source) {
  const out = [];
  let depth = 0;
  let cur = '';
  let esc = false;
  let cls = false;
  for (const ch of source) {
    if (esc) esc = false;
    else if (ch === '\\') esc = true;
    else if (cls) cls = ch !== ']';
    else if (ch === '[') cls = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '|' && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  return [...out, cur];
}

function filesUnder(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) filesUnder(p, out);
    else if (e.isFile() && mayPinIn(p)) out.push(p);
  }
  return out;
}

const bestOf3 = (texts, test) => {
  let best = Infinity;
  for (let r = 0; r < 3; r++) {
    const started = performance.now();
    for (const s of texts) test(s);
    best = Math.min(best, performance.now() - started);
  }
  return best;
};

const alts = PIN_BYTE_PATTERNS.flatMap((re) => alternatives(re.source));
const one = new RegExp(alts.join('|'));
const groups = (res) => (s) => res.some((re) => re.test(s));
for (const folder of positionals) {
  const texts = filesUnder(folder)
    .map((f) => readFileSync(f).toString('latin1'))
    .filter((s) => !s.slice(0, 8192).includes('\0'));
  const mb = texts.reduce((n, s) => n + s.length, 0) / 1e6;
  const differ = texts.filter((s) => one.test(s) !== groups(PIN_BYTE_PATTERNS)(s)).length;
  const line = { folder, files: texts.length, MB: Math.round(mb), oneRegexMs: Math.round(bestOf3(texts, (s) => one.test(s))), groupsMs: Math.round(bestOf3(texts, groups(PIN_BYTE_PATTERNS))), groups: PIN_BYTE_PATTERNS.length, differ };
  if (values.regroup) {
    const cost = new Map();
    const costOf = (g) => {
      const key = g.join('|');
      if (!cost.has(key)) {
        const re = new RegExp(key);
        cost.set(key, bestOf3(texts, (s) => re.test(s)));
      }
      return cost.get(key);
    };
    const found = [];
    for (const a of alts) {
      let best = -1;
      let add = costOf([a]);
      found.forEach((g, i) => {
        const more = costOf([...g, a]) - costOf(g);
        if (more < add) [add, best] = [more, i];
      });
      if (best < 0) found.push([a]);
      else found[best].push(a);
    }
    line.regrouped = { ms: Math.round(bestOf3(texts, groups(found.map((g) => new RegExp(g.join('|')))))), groups: found };
  }
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
