/**
 * Turns raw speed-test samples into the measurement that `classifyConnection` grades
 * (spec doc 2 §9): latency is the mean ping, jitter the mean difference between consecutive
 * pings, speeds in megabits per second.
 */
export function latencyAndJitter(
  pingsMs: readonly number[],
): { latencyMs: number; jitterMs: number } | null {
  const samples = pingsMs.filter((n) => Number.isFinite(n) && n >= 0);
  if (samples.length === 0) return null;
  const latencyMs = samples.reduce((a, b) => a + b, 0) / samples.length;
  let jitterTotal = 0;
  for (let i = 1; i < samples.length; i += 1) {
    jitterTotal += Math.abs((samples[i] ?? 0) - (samples[i - 1] ?? 0));
  }
  const jitterMs = samples.length > 1 ? jitterTotal / (samples.length - 1) : 0;
  return { latencyMs, jitterMs };
}

/** Megabits per second of `bytes` moved in `ms`; null when nothing measurable happened. */
export function megabitsPerSecond(bytes: number, ms: number): number | null {
  if (!(bytes > 0) || !(ms > 0)) return null;
  return (bytes * 8) / (ms / 1000) / 1_000_000;
}
