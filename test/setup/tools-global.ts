import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Installs the programs the tests run besides Node and npm (git, pre-commit, Chromium, …;
 * the list and why each is needed are in scripts/test-tools.sh), so that a machine with only
 * Node and npm passes the suite. Idempotent: when all are there it only checks. When one is
 * missing and cannot be installed under CI=true, the run fails here with one line naming it.
 */

const script = fileURLToPath(new URL('../../scripts/test-tools.sh', import.meta.url));

export default async function setup(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    execFile(script, [], { timeout: 900_000, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      const said = stderr.split('\n').filter((l) => l.startsWith('test-tools: '));
      if (error) reject(new Error(said.at(-1) ?? `scripts/test-tools.sh failed (${error.message}):\n${stderr}`));
      else {
        // A developer's run without root goes on (the tests that need the program fail); say why first.
        for (const line of said) process.stderr.write(`${line}\n`);
        resolve();
      }
    });
  });
}
