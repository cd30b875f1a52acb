import { KENO_MAX_PICKS, KENO_NUMBERS, kenoTable } from '@dau/domain/games/keno';
import { formatMultiplier } from '@dau/domain/games/payout';
import { useState } from 'react';
import { tg, tgf } from '../game-strings';
import type { InstantRound } from '../session/game-session';
import styles from './games.module.css';
import { DemoBalance, pause, RoundLine, roundErrorText, StakeField, useStake } from './play-kit';
import type { GameScreenProps } from './screen-props';
import { useReducedMotion } from '../client-only';

const DRAW_STEP_MS = 160;

/** `count` distinct numbers from 1..40, from the browser's generator (a tap, not a render). */
export function quickPick(count: number, random: () => number = secureRandom): number[] {
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < count; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

function secureRandom(): number {
  const value = new Uint32Array(1);
  globalThis.crypto.getRandomValues(value);
  return (value[0] ?? 0) / 2 ** 32;
}

/** Keno: pick up to 10 of 40 numbers; ten are drawn (issue #13 item 4). */
export function KenoScreen({ session, limits, sound, onRound }: GameScreenProps) {
  const stake = useStake(limits);
  const reduced = useReducedMotion();
  const [picks, setPicks] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState<InstantRound | null>(null);
  const [shown, setShown] = useState<number[]>([]);
  const [finished, setFinished] = useState(false);

  const toggle = (n: number) => {
    setRound(null);
    setShown([]);
    setPicks((old) =>
      old.includes(n)
        ? old.filter((p) => p !== n)
        : old.length < KENO_MAX_PICKS
          ? [...old, n].sort((a, b) => a - b)
          : old,
    );
  };

  const play = async () => {
    if (stake.cents === null || picks.length === 0) return;
    setBusy(true);
    setError(null);
    setFinished(false);
    setShown([]);
    try {
      const next = await session.play(stake.cents, { game: 'keno', picks });
      setRound(next);
      const drawn = next.outcome.game === 'keno' ? next.outcome.result.drawn : [];
      for (let i = 1; i <= drawn.length; i += 1) {
        setShown(drawn.slice(0, reduced ? drawn.length : i));
        if (reduced) break;
        sound('tick');
        await pause(DRAW_STEP_MS, reduced);
      }
      setFinished(true);
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
      <p className={styles.figures}>
        {tgf('kenoPicked', { n: picks.length, max: KENO_MAX_PICKS })}
      </p>
      <div className={styles.kenoBoard} role="group" aria-label={tg('kenoBoard')}>
        {Array.from({ length: KENO_NUMBERS }, (_, i) => {
          const n = i + 1;
          const picked = picks.includes(n);
          const drawn = shown.includes(n);
          return (
            <button
              key={n}
              type="button"
              aria-pressed={picked}
              aria-label={drawn ? tgf('kenoDrawnNumber', { n }) : String(n)}
              className={[
                styles.kenoCell,
                picked ? styles.kenoPicked : '',
                drawn ? styles.kenoDrawn : '',
                picked && drawn ? styles.kenoHit : '',
              ].join(' ')}
              disabled={busy}
              onClick={() => toggle(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
      <RoundLine result={finished ? round : null} error={error} />
      <div className={styles.controls}>
        <div className={styles.buttonRow}>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => {
              setRound(null);
              setShown([]);
              setPicks(quickPick(5));
            }}
          >
            {tg('quickPick')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy || picks.length === 0}
            onClick={() => {
              setPicks([]);
              setShown([]);
              setRound(null);
            }}
          >
            {tg('clearPicks')}
          </button>
        </div>
        <StakeField stake={stake} limits={limits} disabled={busy} />
        <button
          type="button"
          className={styles.primary}
          disabled={busy || stake.cents === null || picks.length === 0}
          onClick={() => void play()}
        >
          {tg('drawNumbers')}
        </button>
        {picks.length > 0 && (
          <table className={styles.payTable}>
            <caption>{tgf('kenoPays', { n: picks.length })}</caption>
            <tbody>
              {kenoTable(picks.length).map((m, hits) =>
                m > 0 ? (
                  <tr key={hits}>
                    <th scope="row">{tgf('kenoHits', { n: hits })}</th>
                    <td>{`${formatMultiplier(m)}×`}</td>
                  </tr>
                ) : null,
              )}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
