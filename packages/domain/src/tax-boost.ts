import { boostLookup, boostNext } from './boost-table';

function buildTaxBoostTable(): readonly number[] {
  const table: number[] = [];
  for (let count = 0; count <= 8; count += 1) table.push(0);
  // 10 at 9, rising by 10 per selection: 300 at 38.
  for (let count = 9; count <= 38; count += 1) table.push((count - 8) * 10);
  // 45 counts cannot hold every value 10..320 in steps of 10 plus the six listed after 320
  // with 600 at 45, so one step is 20: 320 at 39, then 350..600 at 40-45 (ADR 010).
  table.push(320, 350, 400, 450, 500, 550, 600);
  return table;
}

/**
 * Tax boost percentage by number of qualifying selections; index = count, 45 or more gives
 * 600. The spec leaves the counts after 18 open: docs/decisions/010-tax-boost-alignment.md.
 */
export const TAX_BOOST_TABLE: readonly number[] = buildTaxBoostTable();

export const TAX_BOOST_INITIAL_NEXT = 10;

export function taxBoostPercentage(qualifyingSelections: number): number {
  return boostLookup(TAX_BOOST_TABLE, qualifyingSelections);
}

export function taxBoostNext(qualifyingSelections: number): number {
  return boostNext(TAX_BOOST_TABLE, qualifyingSelections);
}
