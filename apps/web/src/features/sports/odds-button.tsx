import { memo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAvailabilityStore } from '../../lib/availability-store';
import { pickKey, toggleSelection, useBetslipStore } from '../../lib/betslip-store';
import { outcomeKey, useLiveStore } from './live-store';
import styles from './sports.module.css';

export interface OddsButtonProps {
  eventId: number;
  eventName: string;
  isLive: boolean;
  kickOff: string;
  marketUid: string;
  marketName: string;
  outcomeId: number;
  /** Label beside the price ('1', 'X', 'Over 2.5'). */
  label: string;
  /** The pick as the betslip names it ('Fulham', 'Over 2.5'). */
  pickName: string;
  /** The price as fetched; the live store wins once it has the outcome. */
  odds: number;
  blocked: boolean;
}

/**
 * One price. It subscribes to its own outcome, its producer and its own betslip flag, so a
 * push re-renders this button and nothing around it.
 */
export const OddsButton = memo(function OddsButton(props: OddsButtonProps) {
  const key = outcomeKey(props.eventId, props.marketUid, props.outcomeId);
  // What the button draws, not the store's record: the page's first seeding of the store with
  // the prices it already shows changes nothing here, so the buttons are not all drawn again at
  // once (a store update re-renders synchronously, one long task: ADR 189).
  const { odds, blocked, move } = useLiveStore(
    useShallow((s) => {
      const live = s.outcomes[key];
      return live
        ? { odds: live.o, blocked: live.ibs, move: live.move }
        : { odds: props.odds, blocked: props.blocked, move: null };
    }),
  );
  const producerUp = useAvailabilityStore((s) =>
    props.isLive ? s.liveBettingAvailable : s.preMatchBettingAvailable,
  );
  const selected = useBetslipStore((s) =>
    Boolean(s.normal.selections[pickKey(props.eventId, props.marketUid, props.outcomeId)]),
  );
  const locked = !producerUp || blocked || odds <= 1;
  const className = [
    styles.odds,
    selected ? styles.oddsSelected : '',
    move === 'up' ? styles.oddsUp : move === 'down' ? styles.oddsDown : '',
  ].join(' ');
  return (
    <button
      type="button"
      className={className}
      disabled={locked}
      aria-pressed={selected}
      data-outcome={key}
      data-move={move ?? undefined}
      aria-label={`${props.label} ${locked ? 'locked' : odds.toFixed(2)}`}
      onClick={() =>
        toggleSelection({
          eventId: props.eventId,
          marketUid: props.marketUid,
          outcomeId: props.outcomeId,
          odds,
          marketName: props.marketName,
          outcomeName: props.pickName,
          eventName: props.eventName,
          isLive: props.isLive,
          kickOff: props.kickOff,
        })
      }
    >
      <span className={styles.oddsLabel}>{props.label}</span>
      <span className={styles.oddsValue}>{locked ? <LockIcon /> : odds.toFixed(2)}</span>
    </button>
  );
});

/** Drawn, not an emoji: many cheap phones have no emoji font. */
function LockIcon() {
  return (
    <svg width="12" height="14" viewBox="0 0 12 14" aria-hidden="true" fill="currentColor">
      <path d="M3 6V4a3 3 0 0 1 6 0v2h1a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1H2a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h1zm1.5 0h3V4a1.5 1.5 0 0 0-3 0v2z" />
    </svg>
  );
}
