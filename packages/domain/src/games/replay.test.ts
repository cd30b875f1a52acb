import { describe, expect, it } from 'vitest';
import { playDice } from './dice';
import { playKeno } from './keno';
import { minePositions } from './mines';
import { playPlinko } from './plinko';
import { isInHouseGame, replayRound } from './replay';
import { roulettePocket } from './roulette';
import { playScratch } from './scratch';

const seed = { serverSeed: 'cd'.repeat(32), clientSeed: 'fair', nonce: 42 };

describe('replayRound', () => {
  it('recomputes each game exactly as it was played', () => {
    const bet = { target: 2500, direction: 'under' as const };
    expect(replayRound(seed, { game: 'dice', bet })).toEqual({
      game: 'dice',
      result: playDice(seed, bet),
    });
    expect(replayRound(seed, { game: 'mines', mines: 5 })).toEqual({
      game: 'mines',
      mineTiles: minePositions(seed, 5),
    });
    expect(replayRound(seed, { game: 'plinko', rows: 12, risk: 'high' })).toEqual({
      game: 'plinko',
      result: playPlinko(seed, 12, 'high'),
    });
    expect(replayRound(seed, { game: 'scratch' })).toEqual({
      game: 'scratch',
      result: playScratch(seed),
    });
    expect(replayRound(seed, { game: 'keno', picks: [1, 2, 3] })).toEqual({
      game: 'keno',
      result: playKeno(seed, [1, 2, 3]),
    });
    expect(replayRound(seed, { game: 'roulette' })).toEqual({
      game: 'roulette',
      pocket: roulettePocket(seed),
    });
  });

  it('knows its games', () => {
    expect(isInHouseGame('plinko')).toBe(true);
    expect(isInHouseGame('aviator')).toBe(false);
  });
});
