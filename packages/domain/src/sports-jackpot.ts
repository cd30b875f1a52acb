import type { Cents } from './money';
import { policyStep, splitStakeSideTax, type TaxPolicy } from './tax-policy';

/**
 * Sports jackpots (issue #21 items 4–6, docs/decisions/225): a fixed list of 13 or 17 matches,
 * one 1X2 pick per match on each line, a fixed stake per line, prizes shared among the lines
 * that hit all, all but one or all but two of the matches. Pure rules only: the server stores,
 * the web app shows.
 */

export const JACKPOT_PICKS = ['1', 'X', '2'] as const;
export type JackpotPick = (typeof JACKPOT_PICKS)[number];

/** A settled match's 1X2 result, `cancelled` (counts per the cancelled-match rule) or unknown. */
export type JackpotMatchResult = JackpotPick | 'cancelled' | null;

/** The most lines one ticket may carry (a full perm of 6 doubles is 64 lines). */
export const MAX_LINES_PER_TICKET = 64;

/** More cancelled matches than this void the whole round: every ticket's price is refunded. */
export const MAX_CANCELLED_MATCHES = 3;

export interface PrizeTier {
  /** Correct picks a line needs for this tier, exactly. */
  hits: number;
  /** The tier's prize is never less than this, whatever was staked (the house tops it up). */
  guaranteed: Cents;
  /** Share of the round's net stakes (stakes after excise) in basis points. */
  shareBps: number;
}

/** The tiers of a round of `matchCount` matches: all, all but one, all but two (17/16/15). */
export function standardTiers(
  matchCount: number,
  top: { guaranteed: Cents; shareBps: number },
  bonus: readonly { guaranteed: Cents; shareBps: number }[],
): PrizeTier[] {
  return [
    { hits: matchCount, ...top },
    ...bonus.map((b, i) => ({ hits: matchCount - 1 - i, ...b })),
  ];
}

/** The price of a ticket: lines × stake per line. */
export function ticketPrice(lineCount: number, stakePerLine: Cents): Cents {
  if (!Number.isSafeInteger(lineCount) || lineCount < 0) {
    throw new RangeError(`Not a line count: ${lineCount}`);
  }
  const price = lineCount * stakePerLine;
  if (!Number.isSafeInteger(price)) throw new RangeError('Ticket price out of range');
  return price as Cents;
}

/**
 * Combination picks (ADR 225): a bettor may take one, two or three picks on a match; the ticket
 * then carries every line through those picks (the cartesian product, first match slowest), so
 * a double on one match is two lines. Picks on a match are taken in 1, X, 2 order, once each.
 */
export function expandCombination(
  picksPerMatch: readonly (readonly JackpotPick[])[],
): JackpotPick[][] {
  let lines: JackpotPick[][] = [[]];
  for (const picks of picksPerMatch) {
    const ordered = JACKPOT_PICKS.filter((p) => picks.includes(p));
    if (ordered.length === 0) return [];
    const next: JackpotPick[][] = [];
    for (const line of lines) for (const pick of ordered) next.push([...line, pick]);
    lines = next;
    if (lines.length > MAX_LINES_PER_TICKET) return lines;
  }
  return lines;
}

/** How many lines a combination gives without building them. */
export function combinationLineCount(picksPerMatch: readonly (readonly JackpotPick[])[]): number {
  let count = 1;
  for (const picks of picksPerMatch) {
    count *= JACKPOT_PICKS.filter((p) => picks.includes(p)).length;
  }
  return count;
}

/** A random line: one pick per match, each of 1, X and 2 equally likely. */
export function autoPickLine(matchCount: number, random: () => number): JackpotPick[] {
  return Array.from({ length: matchCount }, () => {
    const index = Math.min(2, Math.floor(random() * 3));
    return JACKPOT_PICKS[index] as JackpotPick;
  });
}

export type LineProblem =
  | { code: 'NO_LINES' }
  | { code: 'TOO_MANY_LINES'; max: number }
  | { code: 'MISSING_PICK'; line: number; match: number }
  | { code: 'BAD_PICK'; line: number; match: number }
  | { code: 'TOO_MANY_PICKS'; line: number }
  | { code: 'DUPLICATE_LINE'; line: number; sameAs: number };

/**
 * Checks a ticket's lines against a round of `matchCount` matches: at least one line, at most
 * MAX_LINES_PER_TICKET, exactly one valid pick per match on each line, no line twice. Lines and
 * matches are numbered from 0. Every problem is reported, not only the first.
 */
export function checkLines(
  lines: readonly (readonly (string | null | undefined)[])[],
  matchCount: number,
): { ok: true; lines: JackpotPick[][] } | { ok: false; problems: LineProblem[] } {
  const problems: LineProblem[] = [];
  if (lines.length === 0) return { ok: false, problems: [{ code: 'NO_LINES' }] };
  if (lines.length > MAX_LINES_PER_TICKET) {
    return { ok: false, problems: [{ code: 'TOO_MANY_LINES', max: MAX_LINES_PER_TICKET }] };
  }
  const seen = new Map<string, number>();
  const checked: JackpotPick[][] = [];
  lines.forEach((line, l) => {
    if (line.length > matchCount) problems.push({ code: 'TOO_MANY_PICKS', line: l });
    const picks: JackpotPick[] = [];
    for (let m = 0; m < matchCount; m += 1) {
      const pick = line[m];
      if (pick === null || pick === undefined || pick === '') {
        problems.push({ code: 'MISSING_PICK', line: l, match: m });
      } else if (!(JACKPOT_PICKS as readonly string[]).includes(pick)) {
        problems.push({ code: 'BAD_PICK', line: l, match: m });
      } else {
        picks.push(pick as JackpotPick);
      }
    }
    if (picks.length === matchCount) {
      const key = picks.join('');
      const first = seen.get(key);
      if (first !== undefined) problems.push({ code: 'DUPLICATE_LINE', line: l, sameAs: first });
      else seen.set(key, l);
    }
    checked.push(picks);
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines: checked };
}

/**
 * Correct picks of a line. The cancelled-match rule (ADR 225): a cancelled match counts as a
 * correct pick on every line. Unknown results count as not (yet) correct.
 */
export function lineHits(line: readonly JackpotPick[], results: readonly JackpotMatchResult[]) {
  let hits = 0;
  line.forEach((pick, i) => {
    const result = results[i];
    if (result === 'cancelled' || result === pick) hits += 1;
  });
  return hits;
}

/** The tier a line with `hits` correct picks wins (its index in `tiers`), or null. */
export function tierOf(hits: number, tiers: readonly PrizeTier[]): number | null {
  const index = tiers.findIndex((t) => t.hits === hits);
  return index < 0 ? null : index;
}

/** A tier's prize: its guarantee or its share of the net stakes, whichever is larger. */
export function tierPrize(tier: PrizeTier, netStakes: Cents): Cents {
  const share = (BigInt(netStakes) * BigInt(tier.shareBps)) / 10_000n;
  return Number(share > BigInt(tier.guaranteed) ? share : BigInt(tier.guaranteed)) as Cents;
}

/**
 * Shares a prize among `winners` equal shares, exactly (ADR 225). Every share gets the prize
 * divided by the winners, rounded down to the currency's step; the steps left over go one each
 * to the first winners in order (the server orders them by ticket, then line, so the earliest
 * bought line comes first). Shares add up to the prize except for less than one step when the
 * prize itself is not a whole number of steps: that part stays `undistributed` (with the
 * house). No winners: nothing is paid and all of it is undistributed.
 */
export function sharePrize(
  prize: Cents,
  winners: number,
  step = 1,
): { shares: Cents[]; undistributed: Cents } {
  if (!Number.isSafeInteger(prize) || prize < 0) throw new RangeError(`Not a prize: ${prize}`);
  if (!Number.isSafeInteger(winners) || winners < 0) throw new RangeError('Not a winner count');
  if (!Number.isSafeInteger(step) || step < 1) throw new RangeError('Not a currency step');
  if (winners === 0) return { shares: [], undistributed: prize };
  const units = Math.floor(prize / step);
  const base = Math.floor(units / winners);
  const extra = units - base * winners;
  const shares = Array.from(
    { length: winners },
    (_, i) => ((base + (i < extra ? 1 : 0)) * step) as Cents,
  );
  return { shares, undistributed: (prize - units * step) as Cents };
}

/** Withholding on a ticket's winnings, as for a bet: rate × (gross − net stake) when taxed. */
export function jackpotWithholding(gross: Cents, netStake: Cents, policy: TaxPolicy): Cents {
  if (policy.winningsSide.base !== 'net-winnings') return 0 as Cents;
  const taxable = Math.max(0, gross - netStake) as Cents;
  if (taxable === 0) return 0 as Cents;
  return splitStakeSideTax(
    taxable,
    { rateBps: policy.winningsSide.rateBps, base: 'stake', method: 'deducted' },
    policyStep(policy),
  ).tax;
}

/** The stake-side tax of a ticket's price, as for a bet's stake: `{ excise, net }`. */
export function ticketExcise(price: Cents, policy: TaxPolicy): { excise: Cents; net: Cents } {
  if (policy.stakeSide.base !== 'stake') return { excise: 0 as Cents, net: price };
  const { tax, net } = splitStakeSideTax(price, policy.stakeSide, policyStep(policy));
  return { excise: tax, net };
}

export interface JackpotTicketInput {
  /** The order winners are listed in for the remainder rule: the purchase order. */
  ticketId: number;
  netStake: Cents;
  lines: readonly (readonly JackpotPick[])[];
}

export interface TierOutcome {
  hits: number;
  prize: Cents;
  /** Winning lines in this tier. */
  winners: number;
  /** The smallest share paid (shares differ by at most one step). */
  share: Cents;
  paid: Cents;
}

export interface TicketOutcome {
  ticketId: number;
  hits: number[];
  /** Per line: the tier index won, or null. */
  tiers: (number | null)[];
  /** Per line: the share it won. */
  prizes: Cents[];
  gross: Cents;
  withholding: Cents;
  netPayout: Cents;
}

export type RoundSettlement =
  | { status: 'pending' }
  | { status: 'void'; cancelled: number }
  | {
      status: 'settled';
      tiers: TierOutcome[];
      tickets: TicketOutcome[];
      /** Prizes paid in all (gross, before withholding). */
      paid: Cents;
      /** Net stakes − prizes paid: the house's result (negative when it topped up a guarantee). */
      houseResult: Cents;
    };

/**
 * Settles a round once every match has a result: each line wins at most one tier (the one its
 * hits match exactly), each tier's prize is shared among its winning lines (remainder rule of
 * `sharePrize`, winners ordered by ticket id, then line), each ticket pays the sum of its
 * lines' shares less withholding. Too many cancelled matches void the round.
 */
export function settleRound(input: {
  results: readonly JackpotMatchResult[];
  tiers: readonly PrizeTier[];
  netStakes: Cents;
  tickets: readonly JackpotTicketInput[];
  policy: TaxPolicy;
}): RoundSettlement {
  const { results, tiers, policy } = input;
  if (results.some((r) => r === null)) return { status: 'pending' };
  const cancelled = results.filter((r) => r === 'cancelled').length;
  if (cancelled > MAX_CANCELLED_MATCHES) return { status: 'void', cancelled };
  const step = Number(policyStep(policy));
  const tickets = [...input.tickets].sort((a, b) => a.ticketId - b.ticketId);
  const hits = tickets.map((t) => t.lines.map((line) => lineHits(line, results)));
  const lineTiers = hits.map((h) => h.map((n) => tierOf(n, tiers)));
  const prizes = tickets.map((t) => t.lines.map(() => 0 as Cents));
  const tierOutcomes: TierOutcome[] = tiers.map((tier, tierIndex) => {
    const winners: [number, number][] = [];
    lineTiers.forEach((lines, t) =>
      lines.forEach((won, l) => {
        if (won === tierIndex) winners.push([t, l]);
      }),
    );
    const prize = tierPrize(tier, input.netStakes);
    const { shares } = sharePrize(prize, winners.length, step);
    let paid = 0;
    winners.forEach(([t, l], i) => {
      const share = shares[i] ?? (0 as Cents);
      const row = prizes[t];
      if (row) row[l] = share;
      paid += share;
    });
    return {
      hits: tier.hits,
      prize,
      winners: winners.length,
      share: (shares.length > 0 ? Math.min(...shares) : 0) as Cents,
      paid: paid as Cents,
    };
  });
  const ticketOutcomes: TicketOutcome[] = tickets.map((t, i) => {
    const linePrizes = prizes[i] ?? [];
    const gross = linePrizes.reduce((sum, p) => sum + p, 0) as Cents;
    const withholding = jackpotWithholding(gross, t.netStake, policy);
    return {
      ticketId: t.ticketId,
      hits: hits[i] ?? [],
      tiers: lineTiers[i] ?? [],
      prizes: linePrizes,
      gross,
      withholding,
      netPayout: (gross - withholding) as Cents,
    };
  });
  const paid = tierOutcomes.reduce((sum, t) => sum + t.paid, 0) as Cents;
  return {
    status: 'settled',
    tiers: tierOutcomes,
    tickets: ticketOutcomes,
    paid,
    houseResult: (input.netStakes - paid) as Cents,
  };
}

/** What the feed said about a match's 1X2 market, in the order it said it. */
export type MatchSettlementEvent =
  | { type: 'settled'; winningOutcomeId: number | null; voided: boolean }
  | { type: 'rollback' }
  | { type: 'cancelled' }
  | { type: 'rollback_cancel' };

/** The feed's 1X2 outcome ids: 1 home, 2 draw, 3 away. */
const PICK_OF_OUTCOME: Record<number, JackpotPick> = { 1: '1', 2: 'X', 3: '2' };

/**
 * A match's result from the feed's settlement messages of its 1X2 market, applied in order:
 * a settlement gives the winning outcome (a full void, or no winner, counts as cancelled), a
 * cancellation cancels, a rollback of either forgets it again.
 */
export function matchResultOf(events: readonly MatchSettlementEvent[]): JackpotMatchResult {
  let result: JackpotMatchResult = null;
  let cancelled = false;
  for (const event of events) {
    switch (event.type) {
      case 'settled':
        result =
          event.voided || event.winningOutcomeId === null
            ? 'cancelled'
            : (PICK_OF_OUTCOME[event.winningOutcomeId] ?? 'cancelled');
        break;
      case 'rollback':
        result = null;
        break;
      case 'cancelled':
        cancelled = true;
        break;
      case 'rollback_cancel':
        cancelled = false;
        break;
    }
  }
  return cancelled ? 'cancelled' : result;
}
