import { lint } from '../../../src/scan/run.js';
import { builtinRules } from '../../../src/rules/builtin.js';
import { DIALECTS } from './dialects.js';
import { generate, NotExpressible, TRANSFORMATIONS, type Generated } from './generate.js';

export const EXPECTED = { rule: 'hub-get-repository', method: 'GET' };

export interface Cell {
  lang: string;
  transformation: string;
  program: Generated;
}

/** Every cell a language can express: the matrix. */
export function cells(): Cell[] {
  const out: Cell[] = [];
  for (const d of DIALECTS) {
    for (const t of TRANSFORMATIONS) {
      try {
        out.push({ lang: d.lang, transformation: t.id, program: generate(d, t.change) });
      } catch (e) {
        if (!(e instanceof NotExpressible)) throw e;
      }
    }
  }
  return out;
}

/** What the cell's program gives, and why it is not the seed's finding (null: it is). */
export async function judge(cell: Cell, cwd: string): Promise<{ wrong: string | null; got: string[] }> {
  const files = Object.entries(cell.program.files).map(([path, text]) => ({ path, text }));
  const { findings } = await lint({ cwd, files, pins: false, rules: [...builtinRules()] });
  const hub = findings.filter((f) => f.ruleId.startsWith('hub-'));
  const got = hub.map((f) => `${f.file}:${f.line} ${f.ruleId} ${f.method ?? '-'}`);
  const { file, lines } = cell.program;
  if (hub.length !== 1) return { wrong: hub.length === 0 ? 'no finding' : `${hub.length} findings`, got };
  const [f] = hub;
  if (f.ruleId !== EXPECTED.rule) return { wrong: `rule ${f.ruleId}`, got };
  if (f.method !== EXPECTED.method) return { wrong: `method ${f.method ?? 'none'}`, got };
  if (f.file !== file || !lines.includes(f.line)) return { wrong: `line ${f.file}:${f.line} (want ${file}:${lines.join('|')})`, got };
  return { wrong: null, got };
}
