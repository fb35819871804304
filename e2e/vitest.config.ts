import { defineConfig } from 'vitest/config';

/** End-to-end journeys: one real server (global-setup) and Chromium, files run one at a time. */
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
