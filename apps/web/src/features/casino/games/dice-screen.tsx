import {
  diceMultiplier,
  diceWinningOutcomes,
  isValidDiceBet,
  type DiceBet,
  type DiceDirection,
} from '@dau/domain/games/dice';
import { formatMultiplier } from '@dau/domain/games/payout';
import { useId, useState } from 'react';
import { tg, tgf } from '../game-strings';
import type { InstantRound } from '../session/game-session';
import styles from './games.module.css';
import { DemoBalance, RoundLine, roundErrorText, StakeField, useStake } from './play-kit';
import type { GameScreenProps } from './screen-props';

const hundredths = (value: number) => (value / 100).toFixed(2);

/** Dice: roll under or over a target from 0.00 to 99.99 (issue #13 item 4). */
export function DiceScreen({ session, limits, sound, onRound }: GameScreenProps) {
  const stake = useStake(limits);
  const targetId = useId();
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(50);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState<InstantRound | null>(null);
  const bet: DiceBet = { target: target * 100, direction };
  const valid = isValidDiceBet(bet);
  const roll = round?.outcome.game === 'dice' ? round.outcome.result.roll : null;

  const play = async () => {
    if (stake.cents === null || !valid) return;
    setBusy(true);
    setError(null);
    try {
      const next = await session.play(stake.cents, { game: 'dice', bet });
      setRound(next);
      sound(next.win > 0 ? 'win' : 'lose');
      onRound();
    } catch (failure) {
      setError(roundErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.screen}>
      <DemoBalance session={session} />
      <div className={styles.diceTrack} aria-hidden="true">
        <span
          className={direction === 'under' ? styles.diceWinLeft : styles.diceWinRight}
          style={direction === 'under' ? { width: `${target}%` } : { width: `${100 - target}%` }}
        />
        {roll !== null && (
          <span className={styles.diceMarker} style={{ left: `${roll / 100}%` }}>
            {hundredths(roll)}
          </span>
        )}
      </div>
      <p className={styles.bigNumber} data-testid="dice-roll">
        {roll === null ? '–' : hundredths(roll)}
      </p>
      <RoundLine result={round} error={error} />
      <div className={styles.controls}>
        <div className={styles.segmented} role="radiogroup" aria-label={tg('diceDirection')}>
          {(['under', 'over'] as const).map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={direction === d}
              className={direction === d ? styles.segmentOn : styles.segment}
              onClick={() => setDirection(d)}
              disabled={busy}
            >
              {d === 'under' ? tg('rollUnder') : tg('rollOver')}
            </button>
          ))}
        </div>
        <div className={styles.option}>
          <label htmlFor={targetId}>
            {tgf(direction === 'under' ? 'rollUnderTarget' : 'rollOverTarget', {
              target: hundredths(target * 100),
            })}
          </label>
          <input
            id={targetId}
            type="range"
            min={2}
            max={98}
            step={1}
            value={target}
            disabled={busy}
            onChange={(event) => setTarget(Number(event.target.value))}
          />
        </div>
        <p className={styles.figures}>
          {tgf('diceOdds', {
            chance: hundredths(diceWinningOutcomes(bet)),
            multiplier: valid ? formatMultiplier(diceMultiplier(bet)) : '–',
          })}
        </p>
        <StakeField stake={stake} limits={limits} disabled={busy} />
        <button
          type="button"
          className={styles.primary}
          disabled={busy || stake.cents === null || !valid}
          onClick={() => void play()}
        >
          {tg('roll')}
        </button>
      </div>
    </div>
  );
}
