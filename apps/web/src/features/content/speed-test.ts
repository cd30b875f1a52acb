import { CONNECTION_TEST_BASE } from '@dau/contracts/content/paths';
import { CONNECTION_TEST } from '@dau/domain/constants';
import { latencyAndJitter, megabitsPerSecond } from '@dau/domain/connection-measurement';
import { classifyConnection, type ConnectionQuality } from '@dau/domain/connection-quality';

export interface SpeedTestResult {
  latencyMs: number;
  jitterMs: number;
  downloadMbps: number;
  uploadMbps: number;
  quality: ConnectionQuality;
}

export interface SpeedTestDeps {
  fetch: typeof fetch;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const browserDeps: SpeedTestDeps = {
  fetch: (...args) => fetch(...args),
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

async function timed(
  deps: SpeedTestDeps,
  run: () => Promise<number>,
): Promise<{ ms: number; bytes: number }> {
  const start = deps.now();
  const bytes = await run();
  return { ms: deps.now() - start, bytes };
}

/**
 * The speed test of spec doc 2 §7: 5 pings 200 ms apart, a 500 KB download and a 500 KB upload,
 * each with a 10 s timeout. Rejects when any step fails or times out.
 */
export async function runSpeedTest(deps: SpeedTestDeps = browserDeps): Promise<SpeedTestResult> {
  const pings: number[] = [];
  for (let i = 0; i < CONNECTION_TEST.pingSamples; i += 1) {
    if (i > 0) await deps.sleep(CONNECTION_TEST.pingIntervalMs);
    const { ms } = await timed(deps, async () => {
      const res = await deps.fetch(`${CONNECTION_TEST_BASE}/ping?t=${Date.now()}`, {
        cache: 'no-store',
        signal: AbortSignal.timeout(CONNECTION_TEST.downloadTimeoutMs),
      });
      if (!res.ok) throw new Error(`ping failed with status ${res.status}`);
      await res.arrayBuffer();
      return 0;
    });
    pings.push(ms);
  }
  const download = await timed(deps, async () => {
    const res = await deps.fetch(
      `${CONNECTION_TEST_BASE}/download?size=${CONNECTION_TEST.downloadBytes}&t=${Date.now()}`,
      { cache: 'no-store', signal: AbortSignal.timeout(CONNECTION_TEST.downloadTimeoutMs) },
    );
    if (!res.ok) throw new Error(`download failed with status ${res.status}`);
    return (await res.arrayBuffer()).byteLength;
  });
  const payload = new Uint8Array(CONNECTION_TEST.uploadBytes);
  const upload = await timed(deps, async () => {
    const res = await deps.fetch(`${CONNECTION_TEST_BASE}/upload`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: payload,
      signal: AbortSignal.timeout(CONNECTION_TEST.uploadTimeoutMs),
    });
    if (!res.ok) throw new Error(`upload failed with status ${res.status}`);
    return payload.byteLength;
  });

  const summary = latencyAndJitter(pings);
  const downloadMbps = megabitsPerSecond(download.bytes, download.ms);
  const uploadMbps = megabitsPerSecond(upload.bytes, upload.ms);
  if (!summary || downloadMbps === null || uploadMbps === null) {
    throw new Error('nothing measurable');
  }
  return {
    ...summary,
    downloadMbps,
    uploadMbps,
    quality: classifyConnection({ ...summary, downloadMbps }),
  };
}
