import { describe, expect, it } from 'vitest';
import { afterPaintLoad, afterPaintLoadsSettled, markPageShown } from './after-paint';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('after the first paint, one piece at a time (ADR 189)', () => {
  it("waits for the page's deferred parts before what comes after them", async () => {
    let finish: (value: string) => void = () => undefined;
    const slots = afterPaintLoad(() => new Promise<string>((resolve) => (finish = resolve)));
    let settled = false;
    void afterPaintLoadsSettled().then(() => (settled = true));
    markPageShown();
    await tick(200);
    // The page has painted and the browser was idle, but the slots' code is still loading.
    expect(settled).toBe(false);
    finish('slots');
    await expect(slots).resolves.toBe('slots');
    await tick(200);
    expect(settled).toBe(true);
  });

  it('does not wait for a part that fails to load', async () => {
    const failed = afterPaintLoad(() => Promise.reject(new Error('offline')));
    await expect(failed).rejects.toThrow('offline');
    await expect(afterPaintLoadsSettled()).resolves.toBeUndefined();
  });
});
