import type { ScratchSymbol } from '@dau/domain/games/scratch';
import type { GameKey } from '../game-strings';

/** The scratch card's symbols in the player's language. */
export const SYMBOL_TEXT: Record<ScratchSymbol, GameKey> = {
  coin: 'symbolCoin',
  drum: 'symbolDrum',
  mango: 'symbolMango',
  zebra: 'symbolZebra',
  giraffe: 'symbolGiraffe',
  elephant: 'symbolElephant',
  lion: 'symbolLion',
  kilimanjaro: 'symbolKilimanjaro',
};
