import { isPlaceable } from '@dau/domain/betslip';
import type { BetslipKind, BetslipState } from '@dau/domain/betslip-state';
import type { AcceptOddsChanges } from '@dau/domain/odds-acceptance';
import { useState } from 'react';
import { acceptOddsChanges, dispatchBetslip } from '../../lib/betslip-store';
import { t, tf } from '../../lib/betting-strings';
import { placeBets } from './place-bet';
import { ts } from './slip-strings';
import styles from './betslip.module.css';

export interface Notice {
  tone: 'ok' | 'error';
  text: string;
}

/**
 * The ask of "Ask me" (issue #15 defect 2): while a price moved that the setting does not take
 * by itself, the slip says so with one action that takes every new price.
 */
export function OddsChangesBar({ slip, kind }: { slip: BetslipState; kind: BetslipKind }) {
  if (slip.oddschanges === 0) return null;
  return (
    <div className={styles.changes} role="alert" data-testid="odds-changes">
      <p>
        <b>{ts('oddsChangedTitle')}</b> {ts('oddsChangedHelp')}
      </p>
      <button type="button" className={styles.place} onClick={() => acceptOddsChanges(kind)}>
        {ts('acceptChanges')}
      </button>
    </div>
  );
}

/** The accept-odds-changes setting, kept with the slip so prices follow it as they arrive. */
export function AcceptSetting({ slip, kind }: { slip: BetslipState; kind: BetslipKind }) {
  return (
    <label className={styles.stake}>
      {t('oddsChanges')}
      <select
        value={slip.acceptOddsChanges}
        onChange={(e) =>
          dispatchBetslip(
            { type: 'setAcceptOddsChanges', value: e.target.value as AcceptOddsChanges },
            kind,
          )
        }
      >
        <option value="none">{t('askMe')}</option>
        <option value="higher">{t('acceptHigher')}</option>
        <option value="any">{t('acceptAny')}</option>
      </select>
    </label>
  );
}

export function PlaceBetButton({
  slip,
  disabled,
  label,
  setNotice,
  onPlaced,
}: {
  slip: BetslipState;
  disabled: boolean;
  label: string;
  setNotice: (notice: Notice | null) => void;
  /** Runs when at least one bet was accepted (the balance changed). */
  onPlaced: () => void;
}) {
  const [pending, setPending] = useState(false);
  const place = async () => {
    setPending(true);
    setNotice(null);
    try {
      const result = await placeBets(slip);
      if (result.placed.length > 0) onPlaced();
      const ids = result.placed.map((bet) => bet.betId).join(', ');
      if (result.messages.length > 0) setNotice({ tone: 'error', text: result.messages.join(' ') });
      else if (ids) setNotice({ tone: 'ok', text: tf('betPlaced', { ids }) });
    } catch {
      setNotice({ tone: 'error', text: t('betNotSent') });
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={styles.place}
      disabled={disabled || pending || !isPlaceable(slip)}
      onClick={() => void place()}
    >
      {pending ? t('placing') : `${t('placeBet')} · ${label}`}
    </button>
  );
}
