import { defineConfig } from 'vitest/config';

// The engine suites alone, with the daemon provisioning they need.
export default defineConfig({
  test: {
    include: ['test/engine/**/*.test.ts'],
    globalSetup: ['test/setup/engine-global.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
