import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web'],
    // Vitest's default (one fewer than the cores) is a single file at a time on the two-core CI
    // machine, which leaves a core idle while a file waits on its database or its timers: at least
    // two at a time (ADR 197). On PostgreSQL each worker has a database of its own
    // (apps/server/test/setup.ts), so advisory locks are not shared between the files.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
