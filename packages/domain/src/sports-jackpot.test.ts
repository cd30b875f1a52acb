import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cents } from './money';
import {
  autoPickLine,
  checkLines,
  combinationLineCount,
  expandCombination,
  JACKPOT_PICKS,
  jackpotWithholding,
  lineHits,
  matchResultOf,
  MAX_CANCELLED_MATCHES,
  MAX_LINES_PER_TICKET,
  settleRound,
  sharePrize,
  standardTiers,
  ticketExcise,
  ticketPrice,
  tierOf,
  tierPrize,
  type JackpotMatchResult,
  type JackpotPick,
} from './sports-jackpot';
import { SITE_TAX_POLICIES, SPEC_TAX_POLICY } from './tax-policy';

const pick = fc.constantFrom(...JACKPOT_PICKS);
const line = (n: number) => fc.array(pick, { minLength: n, maxLength: n });
const c = (n: number) => n as Cents;
const tiers17 = standardTiers(17, { guaranteed: c(10_000_000), shareBps: 0 }, [
  { guaranteed: c(100_000), shareBps: 1000 },
  { guaranteed: c(10_000), shareBps: 500 },
]);

describe('ticket price', () => {
  it('is lines × stake per line', () => {
    expect(ticketPrice(2, c(9900))).toBe(19_800);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 64 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (l, s) => {
          expect(ticketPrice(l, c(s))).toBe(l * s);
        },
      ),
    );
  });
  it('refuses a fractional line count', () => {
    expect(() => ticketPrice(1.5, c(100))).toThrow(RangeError);
  });
});

describe('lines', () => {
  it('expands combination picks into every line through them, first match slowest', () => {
    expect(expandCombination([['1'], ['X', '1'], ['2']])).toEqual([
      ['1', '1', '2'],
      ['1', 'X', '2'],
    ]);
    expect(expandCombination([['1'], []])).toEqual([]);
  });

  it('a combination gives the product of the picks per match, all distinct and valid', () => {
    const picks = fc.array(fc.subarray([...JACKPOT_PICKS], { minLength: 1 }), {
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(picks, (perMatch) => {
        const count = combinationLineCount(perMatch);
        const lines = expandCombination(perMatch);
        if (count <= MAX_LINES_PER_TICKET) {
          expect(lines).toHaveLength(count);
          const checked = checkLines(lines, perMatch.length);
          expect(checked.ok).toBe(true);
        } else {
          expect(lines.length).toBeGreaterThan(MAX_LINES_PER_TICKET);
        }
      }),
    );
  });

  it('names a missing pick, a bad pick and a duplicated line', () => {
    const full: JackpotPick[] = Array.from({ length: 13 }, () => '1');
    const missing = [...full.slice(0, 12)];
    const withNull = [...full.slice(0, 5), null, ...full.slice(6)];
    const result = checkLines([full, missing, withNull, full, [...full.slice(0, 12), 'Y']], 13);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      { code: 'MISSING_PICK', line: 1, match: 12 },
      { code: 'MISSING_PICK', line: 2, match: 5 },
      { code: 'DUPLICATE_LINE', line: 3, sameAs: 0 },
      { code: 'BAD_PICK', line: 4, match: 12 },
    ]);
    expect(checkLines([], 13)).toEqual({ ok: false, problems: [{ code: 'NO_LINES' }] });
    expect(checkLines([[...full, '1']], 13)).toEqual({
      ok: false,
      problems: [{ code: 'TOO_MANY_PICKS', line: 0 }],
    });
  });

  it('refuses a ticket with any repeated line, accepts distinct full lines', () => {
    fc.assert(
      fc.property(fc.array(line(5), { minLength: 1, maxLength: 10 }), (lines) => {
        const distinct = new Set(lines.map((l) => l.join(''))).size === lines.length;
        const result = checkLines(lines, 5);
        expect(result.ok).toBe(distinct);
        if (!result.ok) {
          expect(result.problems.every((p) => p.code === 'DUPLICATE_LINE')).toBe(true);
        }
      }),
    );
  });

  it('auto-pick gives one valid pick per match', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 17, maxLength: 17 }),
        (r) => {
          let i = 0;
          const picked = autoPickLine(17, () => r[i++] ?? 0);
          expect(checkLines([picked], 17).ok).toBe(true);
        },
      ),
    );
  });
});

describe('hits and tiers', () => {
  it('counts a correct pick and a cancelled match as hits', () => {
    const results: JackpotMatchResult[] = ['1', 'X', 'cancelled', '2'];
    expect(lineHits(['1', '1', '2', '2'], results)).toBe(3);
    expect(lineHits(['2', '1', '1', '1'], results)).toBe(1);
  });

  it('hits never exceed the match count and rise by one when a wrong pick is made right', () => {
    const results = fc.array(fc.constantFrom<JackpotMatchResult>('1', 'X', '2', 'cancelled'), {
      minLength: 13,
      maxLength: 13,
    });
    fc.assert(
      fc.property(line(13), results, fc.integer({ min: 0, max: 12 }), (l, r, i) => {
        const hits = lineHits(l, r);
        expect(hits).toBeLessThanOrEqual(13);
        const result = r[i];
        if (result && result !== 'cancelled' && l[i] !== result) {
          const fixed = [...l];
          fixed[i] = result;
          expect(lineHits(fixed, r)).toBe(hits + 1);
        }
      }),
    );
  });

  it('17 pays 17, 16 and 15; 13 pays 13, 12 and 11; nothing below', () => {
    expect([17, 16, 15, 14].map((h) => tierOf(h, tiers17))).toEqual([0, 1, 2, null]);
    const tiers13 = standardTiers(13, { guaranteed: c(1), shareBps: 0 }, [
      { guaranteed: c(1), shareBps: 0 },
      { guaranteed: c(1), shareBps: 0 },
    ]);
    expect(tiers13.map((t) => t.hits)).toEqual([13, 12, 11]);
  });

  it('a tier pays its guarantee or its share of the stakes, whichever is more', () => {
    expect(tierPrize({ hits: 16, guaranteed: c(100_000), shareBps: 1000 }, c(500_000))).toBe(
      100_000,
    );
    expect(tierPrize({ hits: 16, guaranteed: c(100_000), shareBps: 1000 }, c(5_000_005))).toBe(
      500_000,
    );
  });
});

describe('sharing a prize', () => {
  it('gives the odd cents to the first winners', () => {
    expect(sharePrize(c(10_001), 3)).toEqual({ shares: [3334, 3334, 3333], undistributed: 0 });
    expect(sharePrize(c(5), 0)).toEqual({ shares: [], undistributed: 5 });
    // Whole shillings: 1,000.50 among 3 → 334, 333, 333 units; the 50 cents stay undistributed.
    expect(sharePrize(c(100_050), 3, 100)).toEqual({
      shares: [33_400, 33_300, 33_300],
      undistributed: 50,
    });
  });

  it('is exact: shares add up to the prize, differ by at most one step, first ones largest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(1, 100),
        (prize, winners, step) => {
          const { shares, undistributed } = sharePrize(c(prize), winners, step);
          expect(shares).toHaveLength(winners);
          expect(shares.reduce((s, x) => s + x, 0) + undistributed).toBe(prize);
          expect(undistributed).toBeLessThan(step);
          expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(step);
          shares.forEach((s, i) => {
            expect(s % step).toBe(0);
            if (i > 0) expect(s).toBeLessThanOrEqual(shares[i - 1] ?? 0);
          });
        },
      ),
    );
  });
});

describe('taxes', () => {
  it('charges the stake-side tax on a ticket as on a bet stake (KSh 198 → 172.17 + 25.83)', () => {
    expect(ticketExcise(c(19_800), SPEC_TAX_POLICY)).toEqual({ excise: 2583, net: 17_217 });
  });
  it('withholds 20 % of the winnings above the net stake', () => {
    expect(jackpotWithholding(c(117_217), c(17_217), SPEC_TAX_POLICY)).toBe(20_000);
    expect(jackpotWithholding(c(10_000), c(17_217), SPEC_TAX_POLICY)).toBe(0);
  });
  it('excise + net is the price under every site policy', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(...SITE_TAX_POLICIES),
        (p, policy) => {
          const { excise, net } = ticketExcise(c(p), policy);
          expect(excise + net).toBe(p);
          expect(excise).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('settling a round', () => {
  const results17 = (picks: string): JackpotMatchResult[] =>
    picks.split('').map((p) => (p === 'C' ? 'cancelled' : (p as JackpotPick)));
  const asLine = (picks: string) => picks.split('') as JackpotPick[];

  it('stays pending while a match has no result', () => {
    const results: JackpotMatchResult[] = [...results17('1111111111111111'), null];
    expect(
      settleRound({
        results,
        tiers: tiers17,
        netStakes: c(0),
        tickets: [],
        policy: SPEC_TAX_POLICY,
      }).status,
    ).toBe('pending');
  });

  it('voids the round when more than the allowed matches are cancelled', () => {
    const results = results17('CCCC1111111111111');
    expect(
      settleRound({
        results,
        tiers: tiers17,
        netStakes: c(0),
        tickets: [],
        policy: SPEC_TAX_POLICY,
      }),
    ).toEqual({ status: 'void', cancelled: MAX_CANCELLED_MATCHES + 1 });
  });

  it('pays each line its one tier, shares the prize exactly, odd cents to the first line', () => {
    const results = results17('1X21X21X21X21X21X');
    const all = asLine('1X21X21X21X21X21X');
    const sixteen = asLine('2X21X21X21X21X21X');
    const fifteen = asLine('2121X21X21X21X21X');
    const tiers = standardTiers(17, { guaranteed: c(10_000_001), shareBps: 0 }, [
      { guaranteed: c(100_000), shareBps: 0 },
      { guaranteed: c(10_000), shareBps: 0 },
    ]);
    const settled = settleRound({
      results,
      tiers,
      netStakes: c(51_651),
      tickets: [
        { ticketId: 9, netStake: c(17_217), lines: [all] },
        { ticketId: 3, netStake: c(17_217), lines: [sixteen, all] },
        { ticketId: 5, netStake: c(17_217), lines: [all, fifteen] },
      ],
      policy: SPEC_TAX_POLICY,
    });
    if (settled.status !== 'settled') throw new Error('not settled');
    // 10,000,001 among 3 jackpot lines is 3,333,333 r 2: the two odd cents go to the first two
    // winning lines in purchase order (tickets 3 and 5), ticket 9 gets 3,333,333.
    expect(lineHits(fifteen, results)).toBe(15);
    expect(settled.tickets.map((t) => [t.ticketId, t.hits, t.prizes])).toEqual([
      [3, [16, 17], [100_000, 3_333_334]],
      [5, [17, 15], [3_333_334, 10_000]],
      [9, [17], [3_333_333]],
    ]);
    expect(settled.tiers[0]).toEqual({
      hits: 17,
      prize: 10_000_001,
      winners: 3,
      share: 3_333_333,
      paid: 10_000_001,
    });
    const ticket3 = settled.tickets[0];
    expect(ticket3?.withholding).toBe(Math.round((3_433_334 - 17_217) * 0.2));
    expect(settled.paid).toBe(settled.tiers.reduce((s, t) => s + t.paid, 0));
    expect(settled.houseResult).toBe(51_651 - settled.paid);
  });

  it('never pays more than the tiers hold and pays every ticket gross − withholding', () => {
    const results = fc.array(fc.constantFrom<JackpotMatchResult>('1', 'X', '2', 'cancelled'), {
      minLength: 5,
      maxLength: 5,
    });
    const tickets = fc.array(
      fc.uniqueArray(line(5), { minLength: 1, maxLength: 4, selector: (l) => l.join('') }),
      {
        minLength: 0,
        maxLength: 12,
      },
    );
    const tiers = standardTiers(5, { guaranteed: c(100_001), shareBps: 0 }, [
      { guaranteed: c(10_001), shareBps: 2000 },
      { guaranteed: c(1001), shareBps: 1000 },
    ]);
    fc.assert(
      fc.property(results, tickets, (r, ts) => {
        const netStakes = c(ts.reduce((s, l) => s + l.length * 861, 0));
        const settled = settleRound({
          results: r,
          tiers,
          netStakes,
          tickets: ts.map((lines, i) => ({
            ticketId: i + 1,
            netStake: c(lines.length * 861),
            lines,
          })),
          policy: SPEC_TAX_POLICY,
        });
        if (settled.status !== 'settled') return;
        settled.tiers.forEach((t) => {
          expect(t.paid).toBe(t.winners === 0 ? 0 : t.prize);
        });
        const total = settled.tickets.reduce((s, t) => s + t.gross, 0);
        expect(total).toBe(settled.paid);
        for (const t of settled.tickets) {
          expect(t.netPayout + t.withholding).toBe(t.gross);
          t.tiers.forEach((tier, l) => {
            expect(tier === null).toBe(t.prizes[l] === 0);
          });
        }
      }),
    );
  });
});

describe('results from the feed', () => {
  it('follows settlements, cancellations and their rollbacks in order', () => {
    expect(matchResultOf([])).toBeNull();
    expect(matchResultOf([{ type: 'settled', winningOutcomeId: 2, voided: false }])).toBe('X');
    expect(
      matchResultOf([
        { type: 'settled', winningOutcomeId: 1, voided: false },
        { type: 'rollback' },
        { type: 'settled', winningOutcomeId: 3, voided: false },
      ]),
    ).toBe('2');
    expect(matchResultOf([{ type: 'settled', winningOutcomeId: null, voided: true }])).toBe(
      'cancelled',
    );
    expect(matchResultOf([{ type: 'cancelled' }])).toBe('cancelled');
    expect(matchResultOf([{ type: 'cancelled' }, { type: 'rollback_cancel' }])).toBeNull();
  });
});
