import type { ImportTable } from '../langs/spec.js';

const FROM_IMPORT = /^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)/gm;
const IMPORT = /^[ \t]*import[ \t]+([^\n#]+)/gm;

/**
 * Which names a Python module takes from others: `from config import HUB_API as API`
 * (API stands for HUB_API) and `import config` (then `config.HUB_API`). A name that is
 * neither defined nor imported is not looked up in other files.
 */
export function pythonImports(text: string): ImportTable {
  const names = new Map<string, string>();
  const modules = new Set<string>();
  let wildcard = false;
  for (const m of text.matchAll(FROM_IMPORT)) {
    for (const item of m[1].replace(/[()\\]/g, ' ').split(',')) {
      const [name, alias] = item.trim().split(/(?<!\s)\s+as\s+/);
      if (name === '*') wildcard = true;
      else if (name) names.set(alias ?? name, name);
    }
  }
  for (const m of text.matchAll(IMPORT)) {
    for (const item of m[1].split(',')) {
      const [module, alias] = item.trim().split(/(?<!\s)\s+as\s+/);
      if (module) modules.add(alias ?? module.split('.')[0]);
    }
  }
  return { names, modules, wildcard };
}
