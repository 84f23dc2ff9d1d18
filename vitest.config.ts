import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // The JSON file lets .ci/run print a plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-results.json' }]],
    // Installs the programs the tests run (git, pre-commit, Chromium, …: scripts/test-tools.sh),
    // then starts (or finds) the real dockerd and registry the Engine tests run against.
    globalSetup: ['test/setup/tools-global.ts', 'test/setup/engine-global.ts'],
  },
});
