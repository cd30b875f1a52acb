import { describe, expect, it } from 'vitest';
import { runSpeedTest, type SpeedTestDeps } from './speed-test';

/** A fake network whose clock advances by a set time per call. */
function fakeNetwork(timings: { ping: number[]; download: number; upload: number }, fail?: string) {
  let clock = 0;
  let pingIndex = 0;
  const urls: string[] = [];
  const deps: SpeedTestDeps = {
    now: () => clock,
    sleep: async (ms) => {
      clock += ms;
    },
    fetch: async (input) => {
      const url = String(input);
      urls.push(url);
      if (fail && url.includes(fail)) return new Response('no', { status: 503 });
      if (url.includes('/ping')) clock += timings.ping[pingIndex++] ?? 0;
      else if (url.includes('/download')) {
        clock += timings.download;
        return new Response(new Uint8Array(500 * 1024));
      } else clock += timings.upload;
      return new Response('{}');
    },
  };
  return { deps, urls };
}

describe('speed test', () => {
  it('pings 5 times, downloads and uploads 500 KB and grades the connection', async () => {
    const { deps, urls } = fakeNetwork({ ping: [40, 42, 38, 40, 40], download: 200, upload: 400 });
    const result = await runSpeedTest(deps);
    expect(urls.filter((u) => u.includes('/ping'))).toHaveLength(5);
    expect(urls.some((u) => u.includes('/download?size=512000'))).toBe(true);
    expect(result.latencyMs).toBe(40);
    expect(result.jitterMs).toBe(2);
    expect(result.downloadMbps).toBeCloseTo(20.48, 2);
    expect(result.uploadMbps).toBeCloseTo(10.24, 2);
    expect(result.quality).toBe('excellent');
  });

  it('grades a slow connection poor and rejects when a step fails', async () => {
    const slow = fakeNetwork({ ping: [400, 600, 300, 500, 400], download: 8000, upload: 9000 });
    expect((await runSpeedTest(slow.deps)).quality).toBe('poor');
    const broken = fakeNetwork(
      { ping: [40, 40, 40, 40, 40], download: 100, upload: 100 },
      '/upload',
    );
    await expect(runSpeedTest(broken.deps)).rejects.toThrow(/upload/);
  });
});
