import { defineConfig } from 'vitest/config';

/**
 * The reliability suite of issue #17 (docs/reliability.md): contract fuzzing, the model-based
 * ledger test, SIGKILL crashes and outages. `npm run test:reliability` from the repository root.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: import.meta.dirname,
    include: ['test/reliability/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    pool: 'forks',
    // One file at a time: the crash and outage files run their own servers and databases.
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
