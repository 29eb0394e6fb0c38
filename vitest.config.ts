import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // era hints off in every CLI a test starts (harness/run/era-hint.ts): when a spare starts must never depend
    // on which test ran first; the tests of the hints point MCP_HARNESS_CACHE_DIR at a temp dir of their own
    env: { MCP_HARNESS_CACHE_DIR: 'off' },
    reporters: process.env.CI ? ['default'] : ['default'],
  },
});
