/**
 * Reports the first load of `/` against its budget (architecture.md: 100 kB gzip) and fails
 * (exit 1) when it ships more than the ratchet ceiling CI accepts until the budget is met
 * (ADR 004). Reads the production build, so run it after `npm run build`:
 * `npx tsx apps/web/scripts/check-bundle-budget.ts [distDir]`.
 */
import { fileURLToPath } from 'node:url';
import { formatFirstLoad, measureFirstLoad } from './first-load';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const result = measureFirstLoad(dist);
process.stdout.write(`${formatFirstLoad(result)}\n`);
const advice =
  'Load what the first paint does not need after it (see docs/decisions/004-performance-budgets.md).';
if (result.jsKb > result.ceilingKb) {
  process.stderr.write(
    `\nOver the ceiling: the first load of / ships ${result.jsKb} kB of JavaScript (gzip), ` +
      `more than the ${result.ceilingKb} kB CI accepts (budget ${result.budgetKb} kB). ${advice}\n`,
  );
  process.exit(1);
}
if (result.jsKb > result.budgetKb) {
  process.stdout.write(
    `\nStill over budget by ${(result.jsKb - result.budgetKb).toFixed(2)} kB ` +
      `(ratio ${(result.jsKb / result.budgetKb).toFixed(3)}); CI accepts up to ${result.ceilingKb} kB ` +
      `until it is met. ${advice}\n`,
  );
}
