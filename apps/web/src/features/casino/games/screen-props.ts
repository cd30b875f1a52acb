import type { Cents } from '@dau/domain/money';
import type { CasinoGame } from '../catalogue';
import type { GameSession } from '../session/game-session';
import type { SoundCue } from './sound';

/** What the play page hands each game screen. */
export interface GameScreenProps {
  game: CasinoGame;
  session: GameSession;
  limits: { min: Cents; max: Cents };
  sound: (cue: SoundCue) => void;
  /** A round ended (or money moved): the page redraws balances and seeds. */
  onRound: () => void;
}
