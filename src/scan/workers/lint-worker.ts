import type { Finding, Rule } from '../../core/types.js';
import { lintText } from '../lint-file.js';
import { ExtractMemo } from '../extract-memo.js';
import { ConstantIndex } from '../../extract/constants.js';
import { HUB_HOST_PATTERN, makePrefilter, prefilterHosts } from '../../extract/prefilter.js';
import { languageOf, loadAdapter, type AdapterName } from '../../extract/registry.js';
import { compileRules, type RuleSetOptions } from '../../match/ruleset.js';
import { isWorkerEntry, serveWorker } from './worker-host.js';

/**
 * A worker of the lint pool: lintText on {path, text}, with the rule set compiled once per
 * worker. Started early, it loads the adapters named in `warm` (the TypeScript compiler for
 * 'js') and parses a snippet with each, while the main thread is still reading files.
 */

export interface LintWorkerInit {
  rules: readonly Rule[];
  ruleSetOptions: RuleSetOptions;
  /** Adapters to load and exercise during setup. */
  warm: AdapterName[];
}

export interface LintJob {
  path: string;
  text: string;
}

/**
 * Sent once the read pass is done: the files that fed the main thread's constant index
 * (the files that name a Hub host), so every worker rebuilds the same index. They are few:
 * only files that name a Hub host define Hub constants.
 */
export interface LintShared {
  constantSources: LintJob[];
}

/** The gate scan/run.ts puts in front of the adapters, rebuilt from the same inputs. */
export function hostFilterFor(names: Iterable<string>, options: RuleSetOptions, rules: readonly Rule[] = []): (text: string) => boolean {
  const extraHosts = prefilterHosts(rules, options.extraHubHosts);
  const prefilter = makePrefilter([...names, ...(options.hubBaseVariables ?? [])]);
  return (text) => HUB_HOST_PATTERN.test(text) || extraHosts.some((h) => text.toLowerCase().includes(h)) || prefilter(text);
}

export async function setupLintWorker(init: LintWorkerInit) {
  const ruleSet = compileRules(init.rules, init.ruleSetOptions);
  let constants = new ConstantIndex();
  let prefilter = hostFilterFor([], init.ruleSetOptions, init.rules);
  for (const name of init.warm) {
    await loadAdapter(name);
    const snippet = languageOf(name).warm;
    // Runs the parser once, so its hot functions are compiled before the first real file.
    if (snippet) await lintText(snippet.path, snippet.text, { ruleSet, context: { constants }, prefilter });
  }
  // Identical vendored copies that reach this worker are extracted once.
  const memo = new ExtractMemo();
  return {
    handle: (job: LintJob): Promise<Finding[]> => lintText(job.path, job.text, { ruleSet, context: { constants }, prefilter, memo }),
    onBroadcast: (shared: LintShared): void => {
      constants = new ConstantIndex();
      for (const f of shared.constantSources) constants.addFile(f.path, f.text);
      prefilter = hostFilterFor(constants.names(), init.ruleSetOptions, init.rules);
    },
  };
}

// Serves only as a pool's worker entry; tests and scan-worker.ts import it as a library.
// Not awaited: the worker bundle is CommonJS (no top-level await); serveWorker reports its own failures.
if (isWorkerEntry('lint-worker.js')) void serveWorker<LintWorkerInit, LintJob, Finding[], LintShared>(setupLintWorker);
