import type { Candidate } from '../../core/types.js';
import { foreignText, type Adapter, type AdapterContext } from '../types.js';
import { CandidateSink, ShellEnv } from './env.js';
import { Mapped } from './mapped.js';
import { ShellSession, type SessionOptions } from './session.js';

/** Shell code at `input` (a whole file, a CI step, a Markdown fence) to candidates. */
export function extractShell(input: Mapped, options: SessionOptions = {}, env?: ShellEnv): Candidate[] {
  const sink = new CandidateSink();
  new ShellSession(sink, env, options).run(input);
  return sink.finish();
}

/** A `source`d file may define any variable: the files this one sources are asked. */
export function importsOf(path: string, ctx: AdapterContext): (name: string) => string | undefined {
  return (name) => foreignText(ctx.project, { file: path, language: 'shell', name });
}

export const shellAdapter: Adapter = {
  name: 'shell',
  extract(path, text, ctx) {
    return extractShell(Mapped.of(text), { imports: importsOf(path, ctx) });
  },
};
