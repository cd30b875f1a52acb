/**
 * Fails (exit 1) when the first load of `/` ships more JavaScript than the budget
 * (architecture.md: 100 kB gzip). Reads the production build, so run it after
 * `npm run build`: `npx tsx apps/web/scripts/check-bundle-budget.ts [distDir]`.
 */
import { fileURLToPath } from 'node:url';
import { formatFirstLoad, measureFirstLoad } from './first-load';

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
const result = measureFirstLoad(dist);
process.stdout.write(`${formatFirstLoad(result)}\n`);
if (result.jsKb > result.budgetKb) {
  process.stderr.write(
    `\nOver budget: the first load of / ships ${result.jsKb} kB of JavaScript (gzip), ` +
      `more than ${result.budgetKb} kB. Load what the first paint does not need after it ` +
      `(see docs/decisions/004-performance-budgets.md).\n`,
  );
  process.exit(1);
}
