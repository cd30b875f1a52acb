import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { installLanguage } from '../lib/i18n';
import { SW } from '../lib/i18n-sw';
import { forgetLanguage } from '../lib/site';
import { setViewport } from './viewport';

// The app installs Swahili before its first render where it is spoken (main.tsx); tests may
// render in either language at any time.
installLanguage('sw', SW);

/**
 * A test that prints console.error fails (design/conventions.md). Errors are collected and the
 * test is failed after it ends, because React swallows errors thrown from inside console.error.
 * A test that expects an error replaces console.error with its own spy.
 */
const original = console.error;

// Nothing in a test reaches the network, not even work that outlives its test (a late fetch
// after `vi.unstubAllGlobals()`, the realtime client started after the first paint): without
// this, happy-dom would try localhost:3000. Tests that need answers stub fetch themselves;
// realtime tests pass their own `createSocket`.
const offline = async () => new Response(null, { status: 503 });
globalThis.fetch = offline;
vi.mock('socket.io-client', () => ({
  io: () => ({
    connected: false,
    on: () => undefined,
    off: () => undefined,
    emit: () => undefined,
    connect: () => undefined,
    disconnect: () => undefined,
  }),
}));
let printed: unknown[][] = [];

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(offline));
  printed = [];
  console.error = (...args: unknown[]) => {
    printed.push(args);
    original(...args);
  };
  // Server-rendering tests run without a DOM (`@vitest-environment node`).
  if (typeof document === 'undefined') return;
  // The phone the app is designed for (happy-dom's default is 1024 px wide, a larger screen
  // where the betslip docks as a column, ADR 151); a test of larger screens sets its own.
  setViewport(360, 740);
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  });
  forgetLanguage();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  console.error = original;
  if (printed.length > 0) {
    const first = printed[0]?.map(String).join(' ') ?? '';
    printed = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
