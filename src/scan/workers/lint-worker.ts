import type { Finding, Rule } from '../../core/types.js';
import { lintFile } from '../lint-file.js';
import { ExtractMemo } from '../extract-memo.js';
import { HUB_HOST_PATTERN, makePrefilter, prefilterHosts } from '../../extract/prefilter.js';
import { languageOf, loadAdapter, type AdapterName } from '../../extract/registry.js';
import { compileRules, type RuleSetOptions } from '../../match/ruleset.js';
import { DEFAULT_MAX_FILE_SIZE } from '../../discover/size.js';
import { projectResolver } from '../project-files.js';
import { mayUseForeignValues } from '../package-siblings.js';
import { isWorkerEntry, serveWorker } from './worker-host.js';

/**
 * A worker of the lint pool: lintFile on {path, text}, with the rule set compiled once per
 * worker. Started early, it loads the adapters named in `warm` (the TypeScript compiler for
 * 'js') and parses a snippet with each, while the main thread is still reading files.
 */

export interface LintWorkerInit {
  rules: readonly Rule[];
  ruleSetOptions: RuleSetOptions;
  /** Where the files of other files' values are read from (the scan's cwd and size limit). */
  project?: { cwd: string; maxSize: number };
  /** Adapters to load and exercise during setup. */
  warm: AdapterName[];
}

export interface LintJob {
  path: string;
  text: string;
}

/** The gate scan/run.ts puts in front of the adapters, rebuilt from the same inputs. */
export function hostFilterFor(options: RuleSetOptions, rules: readonly Rule[] = []): (text: string, file?: string) => boolean {
  const extraHosts = prefilterHosts(rules, options.extraHubHosts);
  const prefilter = makePrefilter(options.hubBaseVariables ?? []);
  return (text, file) => HUB_HOST_PATTERN.test(text) || extraHosts.some((h) => text.toLowerCase().includes(h)) || prefilter(text) || (file !== undefined && mayUseForeignValues(file, text));
}

export async function setupLintWorker(init: LintWorkerInit) {
  const ruleSet = compileRules(init.rules, init.ruleSetOptions);
  const project = projectResolver({ cwd: init.project?.cwd ?? process.cwd(), maxSize: init.project?.maxSize ?? DEFAULT_MAX_FILE_SIZE });
  const prefilter = hostFilterFor(init.ruleSetOptions, init.rules);
  for (const name of init.warm) {
    await loadAdapter(name);
    const snippet = languageOf(name).warm;
    // Runs the parser once, so its hot functions are compiled before the first real file.
    if (snippet) await lintFile(snippet.path, snippet.text, { ruleSet, context: { project }, prefilter });
  }
  // Identical vendored copies that reach this worker are extracted once.
  const memo = new ExtractMemo();
  return {
    handle: (job: LintJob): Promise<Finding[]> => lintFile(job.path, job.text, { ruleSet, context: { project }, prefilter, memo }),
  };
}

// Serves only as a pool's worker entry; tests and scan-worker.ts import it as a library.
// Not awaited: the worker bundle is CommonJS (no top-level await); serveWorker reports its own failures.
if (isWorkerEntry('lint-worker.js')) void serveWorker<LintWorkerInit, LintJob, Finding[], never>(setupLintWorker);
