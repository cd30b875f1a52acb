import { hashServerSeed } from '@dau/domain/games/fairness';
import { replayRound } from '@dau/domain/games/replay';
import { describe, expect, it } from 'vitest';
import {
  emptyVerifyForm,
  formFromInput,
  parsePicks,
  sameOutcome,
  verifyRound,
} from './verify-round';

const serverSeed = 'a'.repeat(64);
const seeds = { serverSeed, clientSeed: 'player-1', nonce: 4 };

describe('verifying a round in the browser', () => {
  it('recomputes each game exactly as the domain does, from a recorded round', () => {
    const inputs = [
      { game: 'dice', bet: { target: 4_950, direction: 'over' } },
      { game: 'mines', mines: 5 },
      { game: 'plinko', rows: 12, risk: 'high' },
      { game: 'keno', picks: [3, 14, 27, 40] },
      { game: 'scratch' },
      { game: 'roulette' },
    ] as const;
    for (const input of inputs) {
      const form = formFromInput(input, { ...seeds, serverSeedHash: hashServerSeed(serverSeed) });
      const result = verifyRound(form);
      expect(result).toEqual({
        ok: true,
        hash: hashServerSeed(serverSeed),
        hashMatches: true,
        outcome: replayRound(seeds, input),
      });
    }
  });

  it('says when the seed does not match the hash shown before play', () => {
    const form = { ...formFromInput({ game: 'scratch' }, seeds), expectedHash: 'f'.repeat(64) };
    expect(verifyRound(form)).toMatchObject({ ok: true, hashMatches: false });
  });

  it('names the field that is wrong', () => {
    const base = { ...emptyVerifyForm(), serverSeed, clientSeed: 'x' };
    expect(verifyRound({ ...base, serverSeed: ' ' })).toEqual({ ok: false, problem: 'serverSeed' });
    expect(verifyRound({ ...base, clientSeed: 'a:b' })).toEqual({
      ok: false,
      problem: 'clientSeed',
    });
    expect(verifyRound({ ...base, nonce: '-1' })).toEqual({ ok: false, problem: 'nonce' });
    expect(verifyRound({ ...base, diceTarget: '99.5' })).toEqual({
      ok: false,
      problem: 'diceTarget',
    });
    expect(verifyRound({ ...base, game: 'mines', mines: '25' })).toEqual({
      ok: false,
      problem: 'mines',
    });
    expect(verifyRound({ ...base, game: 'plinko', plinkoRows: '9' })).toEqual({
      ok: false,
      problem: 'plinko',
    });
    expect(verifyRound({ ...base, game: 'keno', kenoPicks: '1, 1' })).toEqual({
      ok: false,
      problem: 'kenoPicks',
    });
  });

  it('reads keno numbers typed with commas or spaces', () => {
    expect(parsePicks('3, 14 27;40')).toEqual([3, 14, 27, 40]);
    expect(parsePicks('3, x')).toBeNull();
  });
});

describe('comparing a recorded outcome', () => {
  it('ignores the order the database kept the keys in, and sees any difference', () => {
    const outcome = replayRound(seeds, {
      game: 'dice',
      bet: { target: 5_000, direction: 'under' },
    });
    const stored = JSON.parse(JSON.stringify(outcome)) as { result: Record<string, unknown> };
    const reordered = {
      result: {
        win: stored.result.win,
        multiplier: stored.result.multiplier,
        roll: stored.result.roll,
      },
      game: 'dice',
    };
    expect(sameOutcome(outcome, reordered)).toBe(true);
    expect(sameOutcome(outcome, { ...reordered, result: { ...reordered.result, roll: 1 } })).toBe(
      false,
    );
  });
});
