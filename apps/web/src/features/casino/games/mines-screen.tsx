import { MINES_MAX, MINES_MIN, MINES_TILES, minesMultiplier } from '@dau/domain/games/mines';
import { formatMultiplier } from '@dau/domain/games/payout';
import { payoutCents } from '@dau/domain/games/payout';
import { useEffect, useId, useState } from 'react';
import { tg, tgf } from '../game-strings';
import type { MinesRound } from '../session/game-session';
import styles from './games.module.css';
import { DemoBalance, money, RoundLine, roundErrorText, StakeField, useStake } from './play-kit';
import type { GameScreenProps } from './screen-props';

const MINE_CHOICES = Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, i) => i + MINES_MIN);

function tileLabel(index: number, round: MinesRound | null): string {
  const n = index + 1;
  if (!round) return tgf('tileHidden', { n });
  if (round.state.hit === index) return tgf('tileMineHit', { n });
  if (round.state.revealed.includes(index)) return tgf('tileSafe', { n });
  if (round.mineTiles?.includes(index)) return tgf('tileMine', { n });
  return tgf('tileHidden', { n });
}

/** Mines: a 5×5 board; reveal safe tiles, cash out before a mine (issue #13 item 4). */
export function MinesScreen({ session, limits, sound, onRound }: GameScreenProps) {
  const stake = useStake(limits);
  const minesId = useId();
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<MinesRound | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const playing = round?.state.status === 'playing';

  // A reload during real play resumes the open round.
  useEffect(() => {
    let live = true;
    session.minesActive().then(
      (open) => live && open && setRound(open),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [session]);

  const act = async (step: () => Promise<MinesRound>) => {
    setBusy(true);
    setError(null);
    try {
      const next = await step();
      setRound(next);
      if (next.state.status === 'lost') sound('lose');
      else if (next.state.status === 'cashed_out') sound('win');
      else sound('tick');
      onRound();
    } catch (failure) {
      setError(roundErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const start = () => stake.cents !== null && act(() => session.minesStart(stake.cents!, mines));
  const reveal = (tile: number) => round && act(() => session.minesReveal(round, tile));
  const cashOut = () => round && act(() => session.minesCashOut(round));

  const next =
    round && playing && round.state.revealed.length < MINES_TILES - round.state.mines
      ? minesMultiplier(round.state.mines, round.state.revealed.length + 1)
      : null;

  return (
    <div className={styles.screen}>
      <DemoBalance session={session} />
      <div className={styles.minesBoard} role="group" aria-label={tg('minesBoard')}>
        {Array.from({ length: MINES_TILES }, (_, index) => {
          const revealed = round?.state.revealed.includes(index);
          const mine =
            round?.state.hit === index || (!playing && round?.mineTiles?.includes(index));
          const className = [
            styles.tile,
            revealed ? styles.tileSafe : '',
            mine ? styles.tileMine : '',
            round?.state.hit === index ? styles.tileHit : '',
          ].join(' ');
          return (
            <button
              key={index}
              type="button"
              className={className}
              aria-label={tileLabel(index, round)}
              disabled={!playing || busy || revealed}
              onClick={() => void reveal(index)}
            >
              <span aria-hidden="true">{revealed ? '◆' : mine ? '✸' : ''}</span>
            </button>
          );
        })}
      </div>
      <RoundLine
        result={
          round && round.state.status !== 'playing'
            ? { win: round.win, multiplier: round.multiplier, stake: round.stake }
            : null
        }
        error={error}
      />
      {playing && round ? (
        <div className={styles.controls}>
          <p className={styles.figures}>
            {tgf('minesNow', {
              multiplier: formatMultiplier(round.multiplier),
              amount: money(payoutCents(round.stake, round.multiplier)),
            })}
            {next && ` · ${tgf('minesNext', { multiplier: formatMultiplier(next) })}`}
          </p>
          <button
            type="button"
            className={styles.primary}
            disabled={busy || round.state.revealed.length === 0}
            onClick={() => void cashOut()}
          >
            {tgf('cashOut', { amount: money(payoutCents(round.stake, round.multiplier)) })}
          </button>
        </div>
      ) : (
        <div className={styles.controls}>
          <StakeField stake={stake} limits={limits} disabled={busy} />
          <div className={styles.option}>
            <label htmlFor={minesId}>{tg('minesCount')}</label>
            <select
              id={minesId}
              className={styles.input}
              value={mines}
              disabled={busy}
              onChange={(event) => setMines(Number(event.target.value))}
            >
              {MINE_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className={styles.primary}
            disabled={busy || stake.cents === null}
            onClick={() => void start()}
          >
            {tg('startRound')}
          </button>
        </div>
      )}
    </div>
  );
}
