import type { BetslipKind, BetslipSelection } from '@dau/domain/betslip-state';
import { hasOddsChange } from '@dau/domain/betslip-state';
import { MARKET_EXPIRED } from '@dau/domain/messages';
import { formatOdds } from '@dau/domain/odds';
import { dispatchBetslip, useBetslipStore } from '../../lib/betslip-store';
import { t } from '../../lib/betting-strings';
import { ts, tfs } from './slip-strings';
import { StakeInput } from './stake-input';
import styles from './betslip.module.css';

/**
 * What a leg says about itself, in the spec's order (doc 2 §4): an ended or deleted event
 * (with the final score when known), then the server's message or an expired market ('Market
 * has expired': odds zero or the market gone), then a suspension.
 */
export function legStatus(selection: BetslipSelection): string {
  const item = selection.selectionitem;
  if (selection.deleted) {
    const score = selection.eventmin.sc;
    return score ? tfs('eventEndedScore', { score }) : t('eventEnded');
  }
  if (item.sm === MARKET_EXPIRED) return ts('marketExpired');
  if (item.sm) return item.sm;
  return item.ibs ? t('suspended') : '';
}

/** One selection on the slip: pick, price (old → new while a change waits), state and stake. */
export function BetslipLeg({
  kind,
  selection,
  singles,
  freebet,
}: {
  kind: BetslipKind;
  selection: BetslipSelection;
  singles: boolean;
  freebet: boolean;
}) {
  const item = selection.selectionitem;
  const move = useBetslipStore((s) => s.moves[selection.id]);
  const was = useBetslipStore((s) => s.pickedAt[selection.id]);
  const gone = selection.deleted || item.o <= 0;
  const asking = hasOddsChange(selection);
  const message = legStatus(selection);
  return (
    <li
      className={item.ibs ? `${styles.item} ${styles.blocked}` : styles.item}
      data-testid="slip-leg"
      data-asking={asking || undefined}
    >
      <div className={styles.itemMain}>
        <p className={styles.pick}>
          {item.s}{' '}
          {asking ? (
            <b
              data-move={item.o > selection.acceptedOdds ? 'up' : 'down'}
              data-testid="odds-change"
              aria-label={tfs('oddsFromTo', {
                from: formatOdds(selection.acceptedOdds),
                to: formatOdds(item.o),
              })}
            >
              <s className={styles.was}>{formatOdds(selection.acceptedOdds)}</s> →{' '}
              {formatOdds(item.o)}
            </b>
          ) : (
            <b data-move={gone ? undefined : move}>
              {!gone && move === 'up' ? '▲ ' : !gone && move === 'down' ? '▼ ' : ''}
              {gone ? '—' : formatOdds(item.o)}
            </b>
          )}
        </p>
        <p className={styles.market}>
          {item.mn}
          {!asking && !gone && was !== undefined && was > 0 && was !== item.o && (
            <span className={styles.was} data-testid="odds-was">
              {' '}
              · {t('was')} {formatOdds(was)}
            </span>
          )}
        </p>
        <p className={styles.event}>
          {selection.eventmin.isLive && !selection.deleted && (
            <span className={styles.live}>{t('live')}</span>
          )}
          {selection.eventmin.n ?? String(selection.brid)}
        </p>
        {message && (
          <p className={styles.message} role="status">
            {message}
          </p>
        )}
        {singles && (
          <StakeInput
            label={t('stake')}
            value={selection.stake}
            onChange={(value) =>
              dispatchBetslip({ type: 'setSelectionStake', id: selection.id, value }, kind)
            }
          />
        )}
        {singles && freebet && (
          <StakeInput
            label={t('freeBetStake')}
            value={selection.freebetstake}
            optional
            onChange={(value) =>
              dispatchBetslip({ type: 'setSelectionFreebetStake', id: selection.id, value }, kind)
            }
          />
        )}
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={`${t('remove')} ${item.s}`}
        onClick={() => dispatchBetslip({ type: 'remove', id: selection.id }, kind)}
      >
        ×
      </button>
    </li>
  );
}
