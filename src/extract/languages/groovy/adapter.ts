import type { Candidate } from '../../../core/types.js';
import { stepScript } from './jenkins-steps.js';
import type { Adapter } from '../../types.js';
import { derivedExtractor } from '../../lower/adapter.js';
import { shellTree } from '../shell/tree.js';
import { powershellTree } from '../powershell/tree.js';
import { registerLowering } from '../../resolve/project.js';
import { candidatesOf } from '../../lower/candidates.js';
import { lowerGroovy } from './lowering.js';

/**
 * Groovy files and Jenkinsfiles: the Groovy lowering through the shared resolver, and the
 * script of each `sh`/`bat` step through the shell lowering (`powershell`/`pwsh` steps through
 * the PowerShell one), mapped back to the Groovy file. A Groovy value a script reads (an
 * environment variable, a spliced name) is reported where the script uses it, with the method
 * of the command that sends it: its own finding as a Groovy value gives way.
 */
export async function loadGroovyAdapter(): Promise<Adapter> {
  const [shell, powershell] = await Promise.all([derivedExtractor(shellTree), derivedExtractor(powershellTree)]);
  // Other Groovy files can now be read when a site needs one of their values (`HubSettings.BASE`).
  registerLowering('groovy', (text) => lowerGroovy(text).lowered);
  return {
    name: 'groovy',
    extract(path, text, ctx) {
      const { lowered, scripts, environment } = lowerGroovy(text);
      const own = candidatesOf(lowered, path, ctx);
      const fromSteps = scripts.flatMap((s) => (s.language === 'powershell' ? powershell : shell)(path, stepScript(text, s, lowered.defs, environment), ctx));
      const taken = (c: Candidate) => fromSteps.some((s) => c.start < s.end && s.start < c.end);
      const seen = new Set<string>();
      // A prelude value read by several steps is one finding.
      return [...own.filter((c) => !taken(c)), ...fromSteps].filter((c) => {
        const key = `${c.start}:${c.end}:${c.at ?? ''}:${c.url}:${c.method ?? ''}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    },
  };
}
