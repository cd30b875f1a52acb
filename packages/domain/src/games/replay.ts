import { crashPoint } from './crash';
import { diceRoll, settleDice, type DiceBet, type DiceResult } from './dice';
import type { RoundSeed } from './fairness';
import { playKeno, type KenoResult } from './keno';
import { minePositions } from './mines';
import { playPlinko, type PlinkoResult, type PlinkoRisk, type PlinkoRows } from './plinko';
import { roulettePocket } from './roulette';
import { playScratch, type ScratchResult } from './scratch';

/**
 * One entry point that recomputes any in-house round from its revealed seed: the server's
 * verify endpoint and the browser's /fairness page both call it, so they cannot disagree.
 */
export const IN_HOUSE_GAMES = [
  'dice',
  'mines',
  'plinko',
  'scratch',
  'keno',
  'roulette',
  'crash',
] as const;
export type InHouseGame = (typeof IN_HOUSE_GAMES)[number];

export function isInHouseGame(value: string): value is InHouseGame {
  return (IN_HOUSE_GAMES as readonly string[]).includes(value);
}

export type RoundInput =
  | { readonly game: 'dice'; readonly bet: DiceBet }
  | { readonly game: 'mines'; readonly mines: number }
  | { readonly game: 'plinko'; readonly rows: PlinkoRows; readonly risk: PlinkoRisk }
  | { readonly game: 'scratch' }
  | { readonly game: 'keno'; readonly picks: readonly number[] }
  | { readonly game: 'roulette' }
  | { readonly game: 'crash' };

export type ReplayedRound =
  | { readonly game: 'dice'; readonly result: DiceResult }
  | { readonly game: 'mines'; readonly mineTiles: readonly number[] }
  | { readonly game: 'plinko'; readonly result: PlinkoResult }
  | { readonly game: 'scratch'; readonly result: ScratchResult }
  | { readonly game: 'keno'; readonly result: KenoResult }
  | { readonly game: 'roulette'; readonly pocket: number }
  /** High Flyer: the crash point in hundredths (the seed is the round's link of the hash chain). */
  | { readonly game: 'crash'; readonly crashPoint: number };

export function replayRound(seed: RoundSeed, input: RoundInput): ReplayedRound {
  switch (input.game) {
    case 'dice':
      return { game: 'dice', result: settleDice(input.bet, diceRoll(seed)) };
    case 'mines':
      return { game: 'mines', mineTiles: minePositions(seed, input.mines) };
    case 'plinko':
      return { game: 'plinko', result: playPlinko(seed, input.rows, input.risk) };
    case 'scratch':
      return { game: 'scratch', result: playScratch(seed) };
    case 'keno':
      return { game: 'keno', result: playKeno(seed, input.picks) };
    case 'roulette':
      return { game: 'roulette', pocket: roulettePocket(seed) };
    case 'crash':
      return { game: 'crash', crashPoint: crashPoint(seed) };
  }
}
