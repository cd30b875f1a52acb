import { formatMultiplier } from '@dau/domain/games/payout';
import {
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoTable,
  type PlinkoRisk,
  type PlinkoRows,
} from '@dau/domain/games/plinko';
import { useState } from 'react';
import { tg, type GameKey } from '../game-strings';
import type { InstantRound } from '../session/game-session';
import styles from './games.module.css';
import { DemoBalance, pause, RoundLine, roundErrorText, StakeField, useStake } from './play-kit';
import type { GameScreenProps } from './screen-props';
import { useReducedMotion } from '../client-only';

const RISK_TEXT: Record<PlinkoRisk, GameKey> = {
  low: 'riskLow',
  medium: 'riskMedium',
  high: 'riskHigh',
};
const STEP_MS = 110;

/** The ball's position after `step` rows of `path` (x in peg spacings from the centre). */
export function ballAt(path: readonly ('L' | 'R')[], step: number): { x: number; y: number } {
  const taken = path.slice(0, step);
  const right = taken.filter((s) => s === 'R').length;
  return { x: right - taken.length / 2, y: step + 0.55 };
}

function Board({
  rows,
  risk,
  path,
  step,
  bucket,
}: {
  rows: PlinkoRows;
  risk: PlinkoRisk;
  path: readonly ('L' | 'R')[] | null;
  step: number;
  bucket: number | null;
}) {
  const half = rows / 2 + 1;
  const table = plinkoTable(rows, risk);
  const ball = path ? ballAt(path, step) : null;
  return (
    <svg
      className={styles.plinko}
      viewBox={`${-half} 0 ${half * 2} ${rows + 2.2}`}
      role="img"
      aria-label={tg('plinkoBoard')}
    >
      {Array.from({ length: rows }, (_, i) =>
        Array.from({ length: i + 3 }, (_, j) => (
          <circle
            key={`${i}-${j}`}
            cx={-(i + 2) / 2 + j}
            cy={i + 1}
            r={0.09}
            className={styles.peg}
          />
        )),
      )}
      {table.map((m, k) => (
        <g key={k} transform={`translate(${k - rows / 2} ${rows + 1.55})`}>
          <rect
            x={-0.46}
            y={-0.4}
            width={0.92}
            height={0.8}
            rx={0.12}
            className={k === bucket ? styles.bucketHit : styles.bucket}
          />
          <text textAnchor="middle" dy="0.13" className={styles.bucketText}>
            {formatMultiplier(m)}
          </text>
        </g>
      ))}
      {ball && <circle cx={ball.x} cy={ball.y} r={0.28} className={styles.ball} />}
    </svg>
  );
}

/** Plinko: a ball bounces through rows of pegs into a bucket (issue #13 item 4). */
export function PlinkoScreen({ session, limits, sound, onRound }: GameScreenProps) {
  const stake = useStake(limits);
  const reduced = useReducedMotion();
  const [rows, setRows] = useState<PlinkoRows>(8);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState<InstantRound | null>(null);
  const [step, setStep] = useState(0);
  const [landed, setLanded] = useState(false);
  const result = round?.outcome.game === 'plinko' ? round.outcome.result : null;

  const drop = async () => {
    if (stake.cents === null) return;
    setBusy(true);
    setError(null);
    setLanded(false);
    try {
      const next = await session.play(stake.cents, { game: 'plinko', rows, risk });
      setRound(next);
      const path = next.outcome.game === 'plinko' ? next.outcome.result.path : [];
      for (let s = 0; s <= path.length; s += 1) {
        setStep(reduced ? path.length : s);
        if (reduced) break;
        sound('tick');
        await pause(STEP_MS, reduced);
      }
      setLanded(true);
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
      <Board
        rows={result ? (result.path.length as PlinkoRows) : rows}
        risk={risk}
        path={result?.path ?? null}
        step={step}
        bucket={landed && result ? result.bucket : null}
      />
      <RoundLine result={landed ? round : null} error={error} />
      <div className={styles.controls}>
        <div className={styles.segmented} role="radiogroup" aria-label={tg('plinkoRows')}>
          {PLINKO_ROWS.map((r) => (
            <button
              key={r}
              type="button"
              role="radio"
              aria-checked={rows === r}
              className={rows === r ? styles.segmentOn : styles.segment}
              disabled={busy}
              onClick={() => {
                setRows(r);
                setRound(null);
              }}
            >
              {r}
            </button>
          ))}
        </div>
        <div className={styles.segmented} role="radiogroup" aria-label={tg('plinkoRisk')}>
          {PLINKO_RISKS.map((r) => (
            <button
              key={r}
              type="button"
              role="radio"
              aria-checked={risk === r}
              className={risk === r ? styles.segmentOn : styles.segment}
              disabled={busy}
              onClick={() => setRisk(r)}
            >
              {tg(RISK_TEXT[r])}
            </button>
          ))}
        </div>
        <StakeField stake={stake} limits={limits} disabled={busy} />
        <button
          type="button"
          className={styles.primary}
          disabled={busy || stake.cents === null}
          onClick={() => void drop()}
        >
          {tg('dropBall')}
        </button>
      </div>
    </div>
  );
}
