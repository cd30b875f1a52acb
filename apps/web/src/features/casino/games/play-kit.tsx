import { formatMultiplier, type Multiplier } from '@dau/domain/games/payout';
import { formatMoney, parseMoney, type Cents } from '@dau/domain/money';
import { useId, useState } from 'react';
import { currentSite } from '../../../lib/site';
import { tg, tgf } from '../game-strings';
import type { GameSession } from '../session/game-session';
import { GameError } from '../session/game-session';
import styles from './games.module.css';

/** The pieces every game screen shares: stake, result line, errors, motion and sound. */
export const money = (amount: Cents) => formatMoney(amount, currentSite());

export interface StakeState {
  text: string;
  setText: (text: string) => void;
  /** The stake in cents when valid, else null. */
  cents: Cents | null;
  error: string | null;
}

export function useStake(limits: { min: Cents; max: Cents }, initial?: Cents): StakeState {
  const start = initial ?? (Math.max(limits.min, Math.min(10_000, limits.max)) as Cents);
  const [text, setText] = useState((start / 100).toFixed(2));
  const parsed = parseMoney(text);
  let error: string | null = null;
  if (parsed === null || parsed === 0) error = tg('stakeInvalid');
  else if (parsed < limits.min) error = tgf('stakeMin', { amount: money(limits.min) });
  else if (parsed > limits.max) error = tgf('stakeMax', { amount: money(limits.max) });
  return { text, setText, cents: error ? null : parsed, error };
}

export function StakeField({
  stake,
  limits,
  disabled,
}: {
  stake: StakeState;
  limits: { min: Cents; max: Cents };
  disabled?: boolean;
}) {
  const id = useId();
  const scale = (factor: number) => {
    const base = stake.cents ?? limits.min;
    const next = Math.min(limits.max, Math.max(limits.min, Math.round(base * factor)));
    stake.setText((next / 100).toFixed(2));
  };
  return (
    <div className={styles.stake}>
      <label htmlFor={id}>{tgf('stakeLabel', { currency: currentSite().currencySymbol })}</label>
      <div className={styles.stakeRow}>
        <input
          id={id}
          className={styles.input}
          inputMode="decimal"
          autoComplete="off"
          value={stake.text}
          disabled={disabled}
          aria-invalid={stake.error !== null}
          aria-describedby={stake.error ? `${id}-error` : undefined}
          onChange={(event) => stake.setText(event.target.value)}
        />
        <button
          type="button"
          className={styles.small}
          disabled={disabled}
          onClick={() => scale(0.5)}
        >
          ½
        </button>
        <button type="button" className={styles.small} disabled={disabled} onClick={() => scale(2)}>
          2×
        </button>
      </div>
      {stake.error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {stake.error}
        </p>
      )}
    </div>
  );
}

/** The message of a failed round, in the player's language where the code is known. */
export function roundErrorText(error: unknown): string {
  if (error instanceof GameError) {
    if (error.code === 'INSUFFICIENT_FUNDS') return tg('insufficientFunds');
    if (error.code === 'STAKE_TOO_LOW' || error.code === 'STAKE_TOO_HIGH')
      return tg('stakeOutOfLimits');
    return error.message || tg('roundFailed');
  }
  if (error instanceof Error && error.message) return error.message;
  return tg('roundFailed');
}

/** One line under the board, read out by screen readers when a round ends. */
export function RoundLine({
  result,
  error,
}: {
  result: { win: Cents; multiplier: Multiplier; stake: Cents } | null;
  error: string | null;
}) {
  let text = '\u00a0';
  let tone = '';
  if (error) {
    text = error;
    tone = styles.lineError ?? '';
  } else if (result && result.win > 0) {
    text = tgf('youWon', {
      amount: money(result.win),
      multiplier: formatMultiplier(result.multiplier),
    });
    tone = styles.lineWin ?? '';
  } else if (result) {
    text = tg('noWin');
  }
  return (
    <p
      className={`${styles.line} ${tone}`}
      role="status"
      aria-live="polite"
      data-testid="round-line"
    >
      {text}
    </p>
  );
}

/** The fun balance in demo (the header shows the real one). */
export function DemoBalance({ session }: { session: GameSession }) {
  if (session.mode !== 'demo' || session.balance === null) return null;
  return (
    <p className={styles.demoBalance} data-testid="demo-balance">
      {tg('funBalance')}: <strong>{money(session.balance)}</strong>
    </p>
  );
}

/** Waits `ms` (no wait with reduced motion): screens pace their reveals with it. */
export function pause(ms: number, reduced: boolean): Promise<void> {
  if (reduced || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, ms));
}
