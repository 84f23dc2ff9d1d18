import { realpathSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/**
 * Whether a file symlink found by discovery is read. A link out of the scanned folders
 * (`../outside/private.sh`, `/etc/passwd`) is never followed: a scan reports on the tree it
 * was given, as gitleaks and ripgrep leave such links alone. A link to a file inside them is
 * not read either when discovery found it by walking: the file it points to is read under its
 * own name, once. A link the user named is read when it stays inside.
 */
export type SymlinkVerdict = 'read' | 'outside' | 'inside';

export function symlinkScope(cwd: string, paths: readonly string[]): (absolute: string, explicit: boolean) => SymlinkVerdict {
  let roots: string[] | undefined;
  const real = (p: string): string | undefined => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  return (absolute, explicit) => {
    // The roots: the working folder and each folder named (a named file, a link included, is
    // no root: `hublint link` where link -> /etc/passwd does not make /etc/passwd the tree).
    roots ??= [real(cwd), ...paths.map((p) => resolve(cwd, p)).filter((p) => statSync(p, { throwIfNoEntry: false })?.isDirectory()).map(real)].filter(
      (r): r is string => r !== undefined,
    );
    const target = real(absolute);
    // A dangling link or a loop: the careful reader says which.
    if (target === undefined) return 'read';
    const inside = roots.some((root) => target === root || target.startsWith(root.endsWith(sep) ? root : root + sep));
    if (!inside) return 'outside';
    return explicit ? 'read' : 'inside';
  };
}
