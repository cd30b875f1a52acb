import { Script, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { loaderSource, moveEntryIntoLoader } from '../scripts/deferred-entry-plugin';

const BUILT = `<head>
    <title>Dau</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-B.js">
    <link rel="modulepreload" crossorigin href="/assets/sites-C.js">
  </head>`;

interface FakeImage {
  complete: boolean;
  loading: string;
  onload?: () => void;
  onerror?: () => void;
}

/** Runs the loader against a fake document; returns what it appended and the clock's handles. */
function runLoader(images: FakeImage[]) {
  const appended: Record<string, string>[] = [];
  const stylesheet = { dataset: { href: '/assets/style-E.css' }, href: '' };
  const timers: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const document = {
    currentScript: { dataset: { load: '/assets/index-A.js /assets/react-B.js' } },
    images,
    querySelectorAll: (selector: string) => (selector === 'link[data-href]' ? [stylesheet] : []),
    head: { appendChild: (tag: Record<string, string>) => appended.push(tag) },
    createElement: (name: string) => ({ name }),
  };
  const context = createContext({
    document,
    setTimeout: (fn: () => void) => timers.push(fn),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
  });
  new Script(loaderSource).runInContext(context);
  const flushFrames = () => {
    while (frames.length > 0) frames.shift()?.();
  };
  return { appended, timers, flushFrames, stylesheet };
}

describe('the deferred entry (ADR 184)', () => {
  it('moves the module entry and its preloads into the loader, nothing left to fetch early', () => {
    const html = moveEntryIntoLoader(BUILT, '/assets/boot-D.js');
    expect(html).not.toMatch(/type="module"|modulepreload/);
    expect(html).toContain(
      '<script src="/assets/boot-D.js" defer data-load="/assets/index-A.js /assets/react-B.js /assets/sites-C.js"></script>',
    );
    expect(html.indexOf('boot-D.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('refuses a page without a module entry instead of shipping one that never starts', () => {
    expect(() => moveEntryIntoLoader('<head></head>', '/b.js')).toThrow(/no module entry/);
  });

  it('asks for the modules and the stylesheet only after the first-screen images have loaded and two frames', () => {
    const promo: FakeImage = { complete: false, loading: 'eager' };
    const below: FakeImage = { complete: false, loading: 'lazy' };
    const { appended, timers, flushFrames, stylesheet } = runLoader([promo, below]);
    // The 3 s cap is armed; nothing is asked for yet, the whole stylesheet neither.
    expect(timers).toHaveLength(1);
    flushFrames();
    expect(appended).toEqual([]);
    promo.onload?.();
    flushFrames();
    expect(appended).toEqual([]);
    expect(stylesheet.href).toBe('');
    timers[1]?.();
    expect(stylesheet.href).toBe('/assets/style-E.css');
    expect(appended).toEqual([
      { name: 'script', type: 'module', src: '/assets/index-A.js', crossOrigin: '' },
      { name: 'link', rel: 'modulepreload', href: '/assets/react-B.js', crossOrigin: '' },
    ]);
    // The cap firing later starts nothing twice.
    timers[0]?.();
    expect(appended).toHaveLength(2);
  });

  it('starts by the cap when an image never loads', () => {
    const { appended, timers } = runLoader([{ complete: false, loading: 'eager' }]);
    timers[0]?.();
    expect(appended.map((tag) => tag.name)).toEqual(['script', 'link']);
  });

  it('starts after two frames on a page whose images are already there', () => {
    const { appended, timers, flushFrames } = runLoader([{ complete: true, loading: 'eager' }]);
    flushFrames();
    timers[1]?.();
    expect(appended).toHaveLength(2);
  });
});
