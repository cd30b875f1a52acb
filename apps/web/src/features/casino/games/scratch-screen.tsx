import { SCRATCH_CELLS, SCRATCH_SYMBOLS } from '@dau/domain/games/scratch';
import { useState } from 'react';
import { tg, tgf } from '../game-strings';
import type { InstantRound } from '../session/game-session';
import styles from './games.module.css';
import { DemoBalance, RoundLine, roundErrorText, StakeField, useStake } from './play-kit';
import type { GameScreenProps } from './screen-props';
import { SYMBOL_TEXT } from './symbols';

/** Scratch card (instant win): three of a symbol win its prize (issue #13 item 4). */
export function ScratchScreen({ session, limits, sound, onRound }: GameScreenProps) {
  const stake = useStake(limits);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState<InstantRound | null>(null);
  const [scratched, setScratched] = useState<boolean[]>([]);
  const result = round?.outcome.game === 'scratch' ? round.outcome.result : null;
  const done = result !== null && scratched.length === SCRATCH_CELLS && scratched.every(Boolean);

  const reveal = (next: boolean[], current: InstantRound | null) => {
    setScratched(next);
    if (current && next.every(Boolean)) {
      sound(current.win > 0 ? 'win' : 'lose');
      onRound();
    } else {
      sound('tick');
    }
  };

  const buy = async () => {
    if (stake.cents === null) return;
    setBusy(true);
    setError(null);
    try {
      const next = await session.play(stake.cents, { game: 'scratch' });
      setRound(next);
      setScratched(Array.from({ length: SCRATCH_CELLS }, () => false));
    } catch (failure) {
      setError(roundErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.screen}>
      <DemoBalance session={session} />
      <div className={styles.scratchCard} role="group" aria-label={tg('scratchCard')}>
        {Array.from({ length: SCRATCH_CELLS }, (_, i) => {
          const symbol = result?.cells[i];
          const open = scratched[i] === true;
          const winning = done && symbol === result?.winningSymbol;
          return (
            <button
              key={i}
              type="button"
              className={[
                styles.scratchCell,
                open ? styles.scratchOpen : '',
                winning ? styles.scratchWin : '',
              ].join(' ')}
              disabled={!result || open}
              aria-label={
                open && symbol ? tg(SYMBOL_TEXT[symbol]) : tgf('scratchCell', { n: i + 1 })
              }
              onClick={() =>
                reveal(
                  scratched.map((s, j) => s || j === i),
                  round,
                )
              }
            >
              {open && symbol ? tg(SYMBOL_TEXT[symbol]) : '?'}
            </button>
          );
        })}
      </div>
      <RoundLine result={done ? round : null} error={error} />
      <div className={styles.controls}>
        {result && !done ? (
          <button
            type="button"
            className={styles.primary}
            onClick={() =>
              reveal(
                scratched.map(() => true),
                round,
              )
            }
          >
            {tg('revealAll')}
          </button>
        ) : (
          <>
            <StakeField stake={stake} limits={limits} disabled={busy} />
            <button
              type="button"
              className={styles.primary}
              disabled={busy || stake.cents === null}
              onClick={() => void buy()}
            >
              {tg('buyCard')}
            </button>
          </>
        )}
        <table className={styles.payTable}>
          <caption>{tg('prizes')}</caption>
          <tbody>
            {SCRATCH_SYMBOLS.map((s) => (
              <tr key={s.symbol}>
                <th scope="row">{tgf('threeOf', { symbol: tg(SYMBOL_TEXT[s.symbol]) })}</th>
                <td>{`${s.prize}×`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
