import { drawWithoutReplacement, intBelow, outcomeFloats, type RoundSeed } from './fairness';
import { multiplierOf, type Multiplier } from './payout';

/**
 * Scratch card (instant win): a 3×3 card of symbols; three of one symbol win that symbol's
 * prize, otherwise the card loses. The prize is decided first and the card drawn to show it:
 *
 * - float₀ → ticket = floor(float₀ × 1 000 000); the prize tier is the one whose cumulative
 *   range of tickets (table below, in order) holds the ticket; tickets past the last tier lose.
 * - A winning card: the 6 other cells are floats 1..6 drawing without replacement from a pool
 *   holding each other symbol twice (so no other symbol can make three), then floats 7..15
 *   shuffle the 9 cells (three winners first).
 * - A losing card: floats 1..9 draw 9 cells from a pool holding every symbol twice.
 *
 * RTP = Σ P(tier) × prize = 96 % exactly; 28.385 % of cards win something.
 */
export const SCRATCH_CELLS = 9;
export const SCRATCH_TICKETS = 1_000_000;

/** Symbols 0..7 with their prize (× stake) and chance (tickets per million). */
export const SCRATCH_SYMBOLS = [
  { symbol: 'coin', prize: 1, tickets: 150_000 },
  { symbol: 'drum', prize: 2, tickets: 80_000 },
  { symbol: 'mango', prize: 5, tickets: 30_000 },
  { symbol: 'zebra', prize: 10, tickets: 15_000 },
  { symbol: 'giraffe', prize: 20, tickets: 6_000 },
  { symbol: 'elephant', prize: 50, tickets: 2_000 },
  { symbol: 'lion', prize: 100, tickets: 800 },
  { symbol: 'kilimanjaro', prize: 1000, tickets: 50 },
] as const;

export type ScratchSymbol = (typeof SCRATCH_SYMBOLS)[number]['symbol'];

export function scratchRtp(): number {
  return SCRATCH_SYMBOLS.reduce((sum, s) => sum + (s.tickets / SCRATCH_TICKETS) * s.prize, 0);
}

/** The winning symbol index for a ticket, or null when the ticket loses. */
export function scratchTier(ticket: number): number | null {
  let upTo = 0;
  for (let i = 0; i < SCRATCH_SYMBOLS.length; i += 1) {
    upTo += SCRATCH_SYMBOLS[i]?.tickets ?? 0;
    if (ticket < upTo) return i;
  }
  return null;
}

export interface ScratchResult {
  readonly ticket: number;
  /** 9 symbols, row by row. */
  readonly cells: readonly ScratchSymbol[];
  readonly winningSymbol: ScratchSymbol | null;
  readonly multiplier: Multiplier;
}

function symbolAt(index: number): ScratchSymbol {
  const entry = SCRATCH_SYMBOLS[index];
  if (!entry) throw new RangeError('Bad scratch symbol');
  return entry.symbol;
}

export function playScratch(seed: RoundSeed): ScratchResult {
  const floats = outcomeFloats(seed, 16);
  const ticket = intBelow(floats[0] ?? 0, SCRATCH_TICKETS);
  const tier = scratchTier(ticket);
  if (tier === null) {
    const pool = SCRATCH_SYMBOLS.flatMap((_, i) => [i, i]);
    const cells = drawWithoutReplacement(floats.slice(1, 10), pool.length, SCRATCH_CELLS).map((p) =>
      symbolAt(pool[p] as number),
    );
    return { ticket, cells, winningSymbol: null, multiplier: multiplierOf(0) };
  }
  const others = SCRATCH_SYMBOLS.flatMap((_, i) => (i === tier ? [] : [i, i]));
  const rest = drawWithoutReplacement(floats.slice(1, 7), others.length, 6).map(
    (p) => others[p] as number,
  );
  const unshuffled = [tier, tier, tier, ...rest];
  const order = drawWithoutReplacement(floats.slice(7, 16), SCRATCH_CELLS, SCRATCH_CELLS);
  const cells = order.map((p) => symbolAt(unshuffled[p] as number));
  const winner = SCRATCH_SYMBOLS[tier];
  return {
    ticket,
    cells,
    winningSymbol: symbolAt(tier),
    multiplier: multiplierOf(winner?.prize ?? 0),
  };
}
