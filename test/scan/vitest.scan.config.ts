import { defineConfig } from 'vitest/config';

// The scan, runtime and discovery tests alone, without the Engine global setup:
//   npx vitest run --config test/scan/vitest.scan.config.ts
// (`npm test` runs them too, through the root config.) They use dist/ for the worker
// threads (Node 20 cannot run a .ts worker): build first, as `pretest` does.
export default defineConfig({
  test: {
    include: ['test/scan/**/*.test.ts', 'test/runtime/**/*.test.ts', 'test/discover/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
