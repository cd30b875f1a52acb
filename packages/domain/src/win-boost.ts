import { boostLookup, boostNext } from './boost-table';

/**
 * Win boost (multibet bonus) percentage by number of qualifying selections, exactly as spec
 * doc 2 §9. Index = number of selections; 45 or more gives 600.
 */
export const WIN_BOOST_TABLE: readonly number[] = [
  0, // 0 selections
  0,
  0,
  3,
  5,
  10,
  15,
  20,
  25,
  30,
  35, // 1-10
  40,
  45,
  50,
  55,
  60,
  65,
  75,
  80,
  90,
  100, // 11-20
  110,
  120,
  130,
  140,
  150,
  160,
  170,
  185,
  195,
  210, // 21-30
  225,
  240,
  255,
  270,
  290,
  305,
  320,
  340,
  350,
  380, // 31-40
  400,
  450,
  500,
  550,
  600, // 41-45
];

/** The default "next boost" shown on an empty betslip (spec doc 2 §9). */
export const WIN_BOOST_INITIAL_NEXT = 3;

export function winBoostPercentage(qualifyingSelections: number): number {
  return boostLookup(WIN_BOOST_TABLE, qualifyingSelections);
}

export function winBoostNext(qualifyingSelections: number): number {
  return boostNext(WIN_BOOST_TABLE, qualifyingSelections);
}

/**
 * How many more qualifying selections reach the next higher boost ('add N more selections for
 * X %'); 0 at the top of the table.
 */
export function winBoostSelectionsToNext(qualifyingSelections: number): number {
  const count = Math.max(0, Math.floor(qualifyingSelections));
  const current = winBoostPercentage(count);
  for (let index = count + 1; index < WIN_BOOST_TABLE.length; index += 1) {
    if ((WIN_BOOST_TABLE[index] ?? 0) > current) return index - count;
  }
  return 0;
}
