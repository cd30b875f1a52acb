import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/**
 * A test that prints console.error fails (design/conventions.md). Errors are collected and the
 * test is failed after it ends, because React swallows errors thrown from inside console.error.
 * A test that expects an error replaces console.error with its own spy.
 */
const original = console.error;
let printed: unknown[][] = [];

beforeEach(() => {
  printed = [];
  console.error = (...args: unknown[]) => {
    printed.push(args);
    original(...args);
  };
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  });
});

afterEach(() => {
  cleanup();
  console.error = original;
  if (printed.length > 0) {
    const first = printed[0]?.map(String).join(' ') ?? '';
    printed = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
