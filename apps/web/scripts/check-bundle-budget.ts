/**
 * Checks the JavaScript budget (issue #18, ADR 004, ADR 182) on the production build and fails
 * (exit 1) above it: the first load of `/` at most 100 kB gzip, and no other chunk (a route's,
 * or a piece loaded later) over 60 kB gzip. Run after `npm run build`:
 * `npx tsx apps/web/scripts/check-bundle-budget.ts [distDir]`.
 */
import { fileURLToPath } from 'node:url';
import { formatFirstLoad, measureFirstLoad } from './first-load';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const result = measureFirstLoad(dist);
process.stdout.write(`${formatFirstLoad(result)}\n`);
const advice =
  'Load what the first paint does not need after it (see docs/decisions/004-performance-budgets.md ' +
  'and 182-home-slots-after-first-paint.md).';
let failed = false;
if (result.jsKb > result.budgetKb) {
  process.stderr.write(
    `\nOver budget: the first load of / ships ${result.jsKb} kB of JavaScript (gzip), ` +
      `more than ${result.budgetKb} kB. ${advice}\n`,
  );
  failed = true;
}
for (const chunk of result.overChunkLimit) {
  process.stderr.write(
    `\nOver the chunk limit: ${chunk.file} (${chunk.key}) is ${(chunk.gzipBytes / 1000).toFixed(2)} kB ` +
      `gzip, more than ${result.chunkLimitKb} kB. Split it (lazy parts of the page).\n`,
  );
  failed = true;
}
if (failed) process.exit(1);
