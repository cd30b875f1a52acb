/**
 * Lighthouse (issue #18 item 6): the real `lighthouse` package with its default mobile settings
 * (Moto G Power, simulated 4× CPU and slow 4G) in Debian's Chromium (`CHROME_PATH`, default
 * /usr/bin/chromium) on `/`, `/sports/football-1`, an event page and `/casino` of the built
 * server, each `BENCH_LH_RUNS` times (default 3). Reports the median of each metric: performance
 * score, FCP, LCP, TBT, CLS and the bytes transferred, and each as a ratio to its goal
 * (docs/performance.md).
 *
 * `BENCH_LH_BEFORE=<checkout>` measures another checkout's build in the same run (its server
 * started from there), runs interleaved so both see the same machine: the before/after table of
 * docs/performance.md. `BENCH_LH_PAGES=/,/casino` picks pages. Run `npm run build` first
 * (`npm run bench` does).
 *
 * `BENCH_LH_CPU=<n>` sets Lighthouse's `cpuSlowdownMultiplier` (default: Lighthouse's own 4).
 * Lighthouse's 4× assumes a high-end desktop host (benchmarkIndex 1500–2000); its throttling
 * guide (docs/throttling.md, "Calibrating the CPU slowdown") asks for a smaller multiplier on a
 * slower host — 2× from a low-end desktop (1000–1500) to a mid-tier phone. The report prints
 * the host's benchmarkIndex and that suggestion; docs/performance.md records both (ADR 185).
 *
 * Each run's long tasks (Lighthouse's `long-tasks` audit, in the simulation's time: what TBT
 * counts, 50 ms and up) are printed with the script they are attributed to (`longTasks`), and
 * `BENCH_LH_TRACE=<dir>` writes each run's trace there for a closer look (ADR 189).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { launchBrowser } from '../e2e/lib/browser';
import { startDau, type DauServer } from '../e2e/lib/server';

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BEFORE = process.env.BENCH_LH_BEFORE;
const EVENT = '(event)';
const PAGES = (process.env.BENCH_LH_PAGES ?? `/,/sports/football-1,${EVENT},/casino`).split(',');
const CPU = process.env.BENCH_LH_CPU ? Number(process.env.BENCH_LH_CPU) : undefined;
const TRACE_DIR = process.env.BENCH_LH_TRACE;
let traces = 0;

/**
 * The multiplier Lighthouse's throttling guide gives for a host of this benchmarkIndex to
 * stand for a mid-tier phone: 4× from a high-end desktop, 2× from a low-end desktop or a
 * high-end phone, 1× from a mid-tier phone.
 */
function calibratedMultiplier(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1500) return 4;
  if (benchmarkIndex >= 800) return 2;
  return 1;
}

/** The goals; a ratio above 1 misses it (the score's ratio is goal / score). */
const GOAL = { score: 98, fcpMs: 1800, lcpMs: 1200, tbtMs: 100, cls: 0.01 };

interface Sample {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  kb: number;
  /** Lighthouse's measure of the CPU speed during the run: higher is faster; a busy machine scores low and its TBT rises. */
  benchmarkIndex: number;
  /** The largest paint's element and its phases (time to first byte, load delay, load time, render delay). */
  lcpElement: string;
  /** The long tasks TBT counts: "start+duration script" in the simulation's milliseconds. */
  longTasks: string[];
}

interface AuditTable {
  type?: string;
  items?: { node?: { snippet?: string }; phase?: string; timing?: number }[];
}

/** "<img …> — TTFB 600 ms, Load Delay 300 ms, …" from the `largest-contentful-paint-element` audit. */
function lcpElementOf(details: unknown): string {
  const tables = ((details as { items?: AuditTable[] } | undefined)?.items ?? []).filter(
    (t) => t.type === 'table',
  );
  const node = tables[0]?.items?.[0]?.node?.snippet ?? 'unknown element';
  const phases = (tables[1]?.items ?? [])
    .map((p) => `${p.phase ?? '?'} ${Math.round(p.timing ?? 0)} ms`)
    .join(', ');
  return phases ? `${node} — ${phases}` : node;
}

interface LongTask {
  url?: string;
  startTime?: number;
  duration?: number;
}

/** "1510+172 index-D-Pnqrha.js" per long task, in start order, from the `long-tasks` audit. */
function longTasksOf(details: unknown): string[] {
  const items = (details as { items?: LongTask[] } | undefined)?.items ?? [];
  return [...items]
    .sort((a, b) => (a.startTime ?? 0) - (b.startTime ?? 0))
    .map(
      (t) =>
        `${Math.round(t.startTime ?? 0)}+${Math.round(t.duration ?? 0)} ${(t.url ?? '').split('/').pop() || 'unattributed'}`,
    );
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** An event page of this server: the first event the football list links (drawn in a browser, so a client-rendered build works too). */
async function anEventPath(url: string): Promise<string> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto(`${url}/sports/football-1`);
    const link = page.locator('main a[href^="/sports/football-1/"]');
    await link.first().waitFor({ timeout: 60_000 });
    const hrefs = await link.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const event = hrefs.find((href) => /^\/sports\/football-1\/[^/]+\/[^/]+\/\d+$/.test(href));
    if (!event) throw new Error('the football list links no event');
    return event;
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run; a run Lighthouse itself reports as failed (a lost trace) is run again. */
async function measure(port: number, url: string, attempts = 3): Promise<Sample> {
  try {
    return await measureOnce(port, url);
  } catch (error) {
    if (attempts <= 1) throw error;
    process.stderr.write(`${String(error)}; again\n`);
    return measure(port, url, attempts - 1);
  }
}

async function measureOnce(port: number, url: string): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(CPU === undefined ? {} : { throttling: { cpuSlowdownMultiplier: CPU } }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  if (TRACE_DIR) {
    await mkdir(TRACE_DIR, { recursive: true });
    traces += 1;
    const name = `${String(traces).padStart(2, '0')}-${new URL(url).pathname.replaceAll('/', '_')}.trace.json`;
    await writeFile(path.join(TRACE_DIR, name), JSON.stringify(result.artifacts.Trace));
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    kb: Number((audit('total-byte-weight') / 1000).toFixed(1)),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
    longTasks: longTasksOf(lhr.audits['long-tasks']?.details),
  };
}

interface Build {
  name: string;
  dau: DauServer;
  event: string;
  samples: Map<string, Sample[]>;
}

const repoRoot = path.resolve(import.meta.dirname, '..');
const roots: [string, string][] = BEFORE
  ? [
      ['before', path.resolve(BEFORE)],
      ['after', repoRoot],
    ]
  : [['this build', repoRoot]];
const builds: Build[] = [];
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  for (const [name, root] of roots) {
    const dau = await startDau({}, { root, timeoutMs: 300_000 });
    builds.push({ name, dau, event: await anEventPath(dau.url), samples: new Map() });
  }
  // Interleaved: run i of every page of every build, then run i + 1, so a busy spell of the
  // machine falls on all of them alike.
  for (let run = 0; run < RUNS; run += 1) {
    for (const page of PAGES) {
      for (const build of builds) {
        const route = page === EVENT ? build.event : page;
        const sample = await measure(chrome.port, `${build.dau.url}${route}`);
        build.samples.set(page, [...(build.samples.get(page) ?? []), sample]);
      }
    }
  }
} finally {
  await chrome.kill();
  await Promise.all(builds.map((b) => b.dau.stop()));
}

const rows = builds.flatMap((build) =>
  PAGES.map((page) => {
    const samples = build.samples.get(page) ?? [];
    const pick = (key: Exclude<keyof Sample, 'lcpElement' | 'longTasks'>) =>
      median(samples.map((s) => s[key]));
    const m = {
      score: pick('score'),
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      kb: pick('kb'),
      benchmarkIndex: pick('benchmarkIndex'),
    };
    return {
      build: build.name,
      page: page === EVENT ? build.event : page,
      runs: samples.length,
      median: m,
      scores: samples.map((s) => s.score),
      /** Each run's TBT: the metric that moves most with the machine's load. */
      tbtsMs: samples.map((s) => s.tbtMs),
      /** Each run's long tasks (what TBT counts), "start+duration script". */
      longTasks: samples.map((s) => s.longTasks.join(', ')),
      /** The largest paint of the last run. */
      lcpElement: samples.at(-1)?.lcpElement ?? '',
      ratioToGoal: {
        score: Number((GOAL.score / Math.max(m.score, 1)).toFixed(3)),
        lcp: Number((m.lcpMs / GOAL.lcpMs).toFixed(3)),
        tbt: Number((m.tbtMs / GOAL.tbtMs).toFixed(3)),
        cls: Number((m.cls / GOAL.cls).toFixed(3)),
      },
    };
  }),
);

const table = [
  '| build | page | score (runs) | FCP | LCP | TBT | CLS | transferred |',
  '|---|---|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.build} | \`${r.page}\` | ${r.median.score} (${r.scores.join(' / ')}) | ` +
      `${(r.median.fcpMs / 1000).toFixed(2)} s | ${(r.median.lcpMs / 1000).toFixed(2)} s | ` +
      `${r.median.tbtMs} ms | ${r.median.cls} | ${r.median.kb} kB |`,
  ),
];
const lcpLines = rows.map((r) => `- LCP of \`${r.page}\` (${r.build}): ${r.lcpElement}`);
const hostIndex = median(rows.map((r) => r.median.benchmarkIndex));
const cpu = {
  cpuSlowdownMultiplier: CPU ?? 4,
  hostBenchmarkIndex: hostIndex,
  calibratedMultiplier: calibratedMultiplier(hostIndex),
};
const note =
  cpu.calibratedMultiplier === cpu.cpuSlowdownMultiplier
    ? ''
    : `\nCPU ${cpu.cpuSlowdownMultiplier}× on a host of benchmarkIndex ${hostIndex}: Lighthouse's ` +
      `calibration guide suggests ${cpu.calibratedMultiplier}× for this host ` +
      `(BENCH_LH_CPU=${cpu.calibratedMultiplier}).\n`;
process.stdout.write(
  `${JSON.stringify({ benchmark: 'lighthouse mobile (median of runs)', lighthouse: '12.8.2', goal: GOAL, cpu, rows }, null, 2)}\n\n${table.join('\n')}\n\n${lcpLines.join('\n')}\n${note}`,
);
