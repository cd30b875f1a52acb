/** Connection quality classes (spec doc 2 §9): speed in Mbps, latency and jitter in ms. */
export type ConnectionQuality = 'excellent' | 'good' | 'fair' | 'poor' | 'unknown';

export interface ConnectionMeasurement {
  downloadMbps: number;
  latencyMs: number;
  jitterMs: number;
}

export const QUALITY_THRESHOLDS: readonly {
  quality: Exclude<ConnectionQuality, 'poor' | 'unknown'>;
  minDownloadMbps: number;
  maxLatencyMs: number;
  maxJitterMs: number;
}[] = [
  { quality: 'excellent', minDownloadMbps: 10, maxLatencyMs: 50, maxJitterMs: 10 },
  { quality: 'good', minDownloadMbps: 5, maxLatencyMs: 100, maxJitterMs: 20 },
  { quality: 'fair', minDownloadMbps: 2, maxLatencyMs: 200, maxJitterMs: 50 },
];

/**
 * The best class whose three strict bounds all hold (download above, latency and jitter
 * below); 'poor' otherwise; 'unknown' when nothing (or something unusable) was measured.
 */
export function classifyConnection(
  measurement: Partial<ConnectionMeasurement> | null | undefined,
): ConnectionQuality {
  if (!measurement) return 'unknown';
  const { downloadMbps, latencyMs, jitterMs } = measurement;
  const valid = (n: number | undefined): n is number =>
    typeof n === 'number' && Number.isFinite(n) && n >= 0;
  if (!valid(downloadMbps) || !valid(latencyMs) || !valid(jitterMs)) return 'unknown';
  for (const t of QUALITY_THRESHOLDS) {
    if (
      downloadMbps > t.minDownloadMbps &&
      latencyMs < t.maxLatencyMs &&
      jitterMs < t.maxJitterMs
    ) {
      return t.quality;
    }
  }
  return 'poor';
}
