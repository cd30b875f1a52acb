/**
 * The Lighthouse-style arithmetic of the lab benchmark (`sports-page-lab.bench.ts`), pure so it
 * can be checked against Lighthouse's published numbers without a browser.
 */
/** Lighthouse v10 mobile scoring: (p10, median) of each metric's log-normal curve and weight. */
export const SCORING = {
  fcp: { p10: 1800, median: 3000, weight: 0.1 },
  si: { p10: 3387, median: 5800, weight: 0.1 },
  lcp: { p10: 2500, median: 4000, weight: 0.25 },
  tbt: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
} as const;
type Metric = keyof typeof SCORING;

/** The error function approximation Lighthouse uses (Abramowitz–Stegun 7.1.26). */
function erf(x: number): number {
  const sign = Math.sign(x);
  const ax = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * ax);
  const y =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-ax * ax));
}

/** Lighthouse's `getLogNormalScore`: 0.9 at p10, 0.5 at the median, clamped per band. */
export function logNormalScore({ p10, median }: { p10: number; median: number }, value: number) {
  if (value <= 0) return 1;
  const standardized =
    (Math.log(Math.max(Number.MIN_VALUE, value / median)) * 0.9061938024368232) /
    -Math.log(Math.max(Number.MIN_VALUE, p10 / median));
  const score = (1 - erf(standardized)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, score));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, score));
  return Math.max(0, Math.min(0.49999999999999994, score));
}

export function performanceScore(values: Record<Metric, number>): number {
  let total = 0;
  for (const metric of Object.keys(SCORING) as Metric[]) {
    const audit = Math.round(logNormalScore(SCORING[metric], values[metric]) * 100) / 100;
    total += audit * SCORING[metric].weight;
  }
  return Math.round(total * 100);
}

/** CLS: the largest session window (shifts < 1 s apart, a window at most 5 s long). */
export function clsOf(shifts: readonly { t: number; v: number }[]): number {
  let worst = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const { t, v } of shifts) {
    if (t - last > 1000 || t - start > 5000) {
      current = 0;
      start = t;
    }
    current += v;
    last = t;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** TBT: the part above 50 ms of every long task, counted from FCP on. */
export function tbtOf(tasks: readonly number[][], fcp: number): number {
  let total = 0;
  for (const [start = 0, duration = 0] of tasks) {
    const end = start + duration;
    if (end <= fcp) continue;
    const counted = end - Math.max(start, fcp);
    if (counted > 50) total += counted - 50;
  }
  return total;
}
