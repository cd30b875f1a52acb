/** Reads a boost table indexed by selection count; counts past the end take the last value. */
export function boostLookup(table: readonly number[], count: number): number {
  if (!Number.isInteger(count) || count < 0) return 0;
  return table[Math.min(count, table.length - 1)] ?? 0;
}

/** The next higher value reachable by adding selections; at the top it stays the top value. */
export function boostNext(table: readonly number[], count: number): number {
  const current = boostLookup(table, count);
  for (const value of table) if (value > current) return value;
  return current;
}
