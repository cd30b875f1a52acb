import { afterEach, beforeEach, vi } from 'vitest';
import { useWorkerDatabase } from './helpers/test-database';

await useWorkerDatabase();

// A test that prints console.error fails: errors must be asserted, not printed.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(
      `console.error was called:\n${errors.map((e) => e.map(String).join(' ')).join('\n')}`,
    );
  }
});
