import type { Finding, Rule } from '../../core/types.js';
import type { AdapterName } from '../../extract/registry.js';
import type { RuleSetOptions } from '../../match/ruleset.js';
import type { LintJob, LintWorkerInit } from './lint-worker.js';
import { WorkerPool, type WorkerPoolStats } from './worker-pool.js';

export interface LintPoolOptions {
  rules: readonly Rule[];
  ruleSetOptions?: RuleSetOptions;
  size: number;
  /** Adapters each worker loads before its first job (default: js, the expensive one). */
  warm?: AdapterName[];
  /** Where other files' values are read from (see LintWorkerInit). */
  project?: LintWorkerInit['project'];
  /** The worker module; default: lint-worker.js next to this file (dist/scan/workers/). */
  workerUrl?: URL;
}

/**
 * The lint pool scan/run.ts would start for a big run: workers warm up (TypeScript compiler
 * loaded) while the main thread discovers and reads; then lint() each kept file.
 */
export interface LintPool {
  ready(): Promise<void>;
  lint(path: string, text: string): Promise<Finding[]>;
  close(): Promise<void>;
  destroy(): Promise<void>;
  stats(): WorkerPoolStats;
}

export function startLintPool(options: LintPoolOptions): LintPool {
  const pool = new WorkerPool<LintWorkerInit, LintJob, Finding[], never>({
    workerUrl: options.workerUrl ?? new URL('./lint-worker.js', import.meta.url),
    init: { rules: options.rules, ruleSetOptions: options.ruleSetOptions ?? {}, warm: options.warm ?? ['js'], project: options.project },
    size: options.size,
    name: 'hublint-lint',
  });
  return {
    ready: () => pool.ready(),
    lint: (path, text) => pool.run({ path, text }),
    close: () => pool.close(),
    destroy: () => pool.destroy(),
    stats: () => pool.getStats(),
  };
}
