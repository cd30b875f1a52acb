/**
 * JavaScript the first load of `/` ships (gzip), read from the production build that
 * `npm run bench` makes first: what counts against the 100 kB budget (architecture.md), what
 * loads after the first paint, and the margin. `npx tsx apps/web/scripts/check-bundle-budget.ts`
 * is the same measurement as a pass/fail check (CI): the budget, and 60 kB for any other chunk.
 */
import { fileURLToPath } from 'node:url';
import { measureFirstLoad } from '../apps/web/scripts/first-load';

const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const firstLoad = measureFirstLoad(dist);

const result = {
  benchmark: 'first load of / (JavaScript, gzip kB)',
  budgetKb: firstLoad.budgetKb,
  ratioToBudget: Number((firstLoad.jsKb / firstLoad.budgetKb).toFixed(3)),
  chunkLimitKb: firstLoad.chunkLimitKb,
  largestOtherChunkKb: Number(((firstLoad.chunks[0]?.gzipBytes ?? 0) / 1000).toFixed(2)),
  firstLoadJsKb: firstLoad.jsKb,
  marginKb: firstLoad.marginKb,
  firstLoadCssKb: firstLoad.cssKb,
  jsFiles: firstLoad.js.length,
  largestKb: Object.fromEntries(
    firstLoad.js.slice(0, 5).map((f) => [f.file, Number((f.gzipBytes / 1000).toFixed(2))]),
  ),
  afterFirstPaintKb: firstLoad.deferredKb,
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
if (firstLoad.jsKb > firstLoad.budgetKb || firstLoad.overChunkLimit.length > 0)
  process.exitCode = 1;
