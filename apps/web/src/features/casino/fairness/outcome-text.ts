import { formatHundredths } from '@dau/domain/games/crash';
import { formatMultiplier } from '@dau/domain/games/payout';
import { pocketColour } from '@dau/domain/games/roulette';
import type { ReplayedRound } from '@dau/domain/games/replay';
import { tg, tgf } from '../game-strings';
import { SYMBOL_TEXT } from '../games/symbols';

/** A recomputed round in words (the /fairness result and the recorded outcome beside it). */
export function outcomeText(outcome: ReplayedRound): string {
  switch (outcome.game) {
    case 'dice':
      return tgf('outcomeDice', {
        roll: (outcome.result.roll / 100).toFixed(2),
        result: outcome.result.win ? tg('outcomeWin') : tg('outcomeLoss'),
        multiplier: formatMultiplier(outcome.result.multiplier),
      });
    case 'mines':
      return tgf('outcomeMines', { tiles: outcome.mineTiles.map((i) => i + 1).join(', ') });
    case 'plinko':
      return tgf('outcomePlinko', {
        path: outcome.result.path.join(' '),
        bucket: outcome.result.bucket,
        multiplier: formatMultiplier(outcome.result.multiplier),
      });
    case 'scratch':
      return tgf('outcomeScratch', {
        cells: outcome.result.cells.map((c) => tg(SYMBOL_TEXT[c])).join(', '),
        prize: outcome.result.winningSymbol
          ? tgf('threeOf', { symbol: tg(SYMBOL_TEXT[outcome.result.winningSymbol]) })
          : tg('outcomeLoss'),
        multiplier: formatMultiplier(outcome.result.multiplier),
      });
    case 'keno':
      return tgf('outcomeKeno', {
        drawn: outcome.result.drawn.join(', '),
        hits: outcome.result.hits.length > 0 ? outcome.result.hits.join(', ') : '–',
        multiplier: formatMultiplier(outcome.result.multiplier),
      });
    case 'roulette':
      return tgf('outcomeRoulette', {
        pocket: outcome.pocket,
        colour: tg(
          pocketColour(outcome.pocket) === 'red'
            ? 'colourRed'
            : pocketColour(outcome.pocket) === 'black'
              ? 'colourBlack'
              : 'colourGreen',
        ),
      });
    case 'crash':
      return tgf('outcomeCrash', { point: formatHundredths(outcome.crashPoint) });
  }
}
