import { defineConfig } from 'vitest/config';

// The perf tests alone, without the Engine global setup:
//   npx vitest run --config test/perf/vitest.perf.config.ts
// (`npm test` runs them too, through the root config.) They use dist/ for the worker
// threads (Node 20 cannot run a .ts worker): build first, as `pretest` does.
export default defineConfig({
  test: {
    include: ['test/perf/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
  },
});
