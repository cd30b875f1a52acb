import { afterEach, expect, it, vi } from 'vitest';
import { CoalescedRun } from './coalesced-run';

afterEach(() => {
  vi.useRealTimers();
});

it('runs once per window however often it is asked, one run at a time, and not after close', async () => {
  vi.useFakeTimers();
  let runs = 0;
  let release: () => void = () => {};
  const errors: unknown[] = [];
  const work = new CoalescedRun(
    100,
    async () => {
      runs += 1;
      if (runs === 2) throw new Error('boom');
      if (runs === 3) await new Promise<void>((resolve) => (release = resolve));
    },
    (err) => errors.push(err),
  );
  work.schedule();
  work.schedule();
  work.schedule();
  await vi.advanceTimersByTimeAsync(99);
  expect(runs).toBe(0);
  await vi.advanceTimersByTimeAsync(1);
  expect(runs).toBe(1);

  // A failing run reaches onError and the next request still runs.
  await work.flush();
  expect(errors).toHaveLength(1);
  work.schedule();
  await vi.advanceTimersByTimeAsync(100);
  expect(runs).toBe(3);

  // A flush during a run waits for it, then runs once more.
  const flushed = work.flush();
  await vi.advanceTimersByTimeAsync(0);
  expect(runs).toBe(3);
  release();
  await flushed;
  expect(runs).toBe(4);

  await work.close();
  work.schedule();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(runs).toBe(4);
});
