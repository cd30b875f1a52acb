import type {
  CashoutOfferResponse,
  CashoutUnavailableReason,
} from '@dau/contracts/betting/cashout';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useBetslipStore } from '../../lib/betslip-store';
import { cashoutOfferQueryOptions, postCashout, useCashoutOffer } from './api/cashout';
import { money } from './bet-format';
import { refreshBetsAndBalance } from './bet-pushes';
import { tfm, tm, type MyBetsKey } from './my-bets-strings';
import styles from './cashout.module.css';

const REASON: Record<CashoutUnavailableReason, MyBetsKey> = {
  freebet: 'reasonFreebet',
  'boosted-leg': 'reasonBoostedLeg',
  disabled: 'reasonDisabled',
  'no-open-leg': 'reasonNoOpenLeg',
  lost: 'reasonLost',
  suspended: 'reasonSuspended',
  'producer-down': 'reasonProducerDown',
};

/** Whole currency steps, as the server counts them (no float drift from the range input). */
const roundUnits = (units: number) => Math.round(units * 100) / 100;

/** The slider asks for a part's value once it has rested this long. */
const PART_DEBOUNCE_MS = 250;

/**
 * Cash-out of an open bet (issue #21): the "Cash out KSh X" button with the current offer
 * (asked every 5 s while the page is visible), the reason when there is none, and the confirm
 * panel with a partial option. The block keeps one height while loading, so the card does not
 * jump when the offer arrives.
 */
export function CashOut({ betId, standalone = false }: { betId: string; standalone?: boolean }) {
  const offer = useCashoutOffer(betId);
  const [open, setOpen] = useState(false);
  const [paid, setPaid] = useState<number | null>(null);
  const data = offer.data;
  let body;
  if (offer.isPending) {
    body = (
      <button type="button" className={styles.button} disabled>
        {tm('cashOutLoading')}
      </button>
    );
  } else if (offer.isError && !data) {
    body = <p className={styles.reason}>{tm('cashOutOfferFailed')}</p>;
  } else if (data && !data.available) {
    body = (
      <p className={styles.reason} data-testid="cashout-reason">
        {tfm('cashOutUnavailable', { reason: tm(REASON[data.reason ?? 'disabled']) })}
      </p>
    );
  } else if (data && open) {
    body = (
      <CashOutPanel
        betId={betId}
        offer={data}
        onClose={() => setOpen(false)}
        onPaid={(amount) => {
          setPaid(amount);
          setOpen(false);
        }}
      />
    );
  } else if (data) {
    body = (
      <button
        type="button"
        className={styles.button}
        onClick={() => {
          setPaid(null);
          setOpen(true);
        }}
        data-testid="cashout-button"
      >
        {tfm('cashOutFor', { amount: money(data.value ?? 0) })}
      </button>
    );
  }
  return (
    <div
      className={standalone ? `${styles.cashout} ${styles.standalone}` : styles.cashout}
      data-cashout={betId}
    >
      {paid !== null && (
        <p className={styles.done} role="status" data-testid="cashout-done">
          {tfm('cashedOut', { amount: money(paid) })}
        </p>
      )}
      {body}
    </div>
  );
}

function CashOutPanel({
  betId,
  offer,
  onClose,
  onPaid,
}: {
  betId: string;
  offer: CashoutOfferResponse;
  onClose: () => void;
  onPaid: (amount: number) => void;
}) {
  const client = useQueryClient();
  const titleId = useId();
  const rangeRef = useRef<HTMLInputElement>(null);
  const step = offer.partialStep > 0 ? offer.partialStep : 1;
  const [part, setPart] = useState(offer.stake);
  // The part priced: follows the slider once it rests; the whole stake uses the main offer.
  const [priced, setPriced] = useState(offer.stake);
  const [changed, setChanged] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => rangeRef.current?.focus(), []);
  useEffect(() => {
    const timer = setTimeout(() => setPriced(part), PART_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [part]);
  const all = priced >= offer.stake;
  const stakeArg = all ? undefined : priced;
  const partOffer = useCashoutOffer(betId, stakeArg);
  const quote = partOffer.data;
  const value = quote?.available ? quote.value : null;
  const settled = priced === part && !partOffer.isPlaceholderData;

  const take = useMutation({
    mutationFn: (value: number) =>
      postCashout(betId, {
        value,
        ...(all ? {} : { stake: priced }),
        acceptChanges: useBetslipStore.getState().normal.acceptOddsChanges,
      }),
    onSuccess: (answer) => {
      onPaid(answer.paid);
      refreshBetsAndBalance(client);
    },
    onError: (error) => {
      const entry = error instanceof ApiError ? error.envelope.datasource_entries[0] : undefined;
      const now = entry?.value === 'CASHOUT_VALUE_CHANGED' ? Number(entry.name) : NaN;
      if (Number.isFinite(now)) {
        // The server's value now becomes the offer; the bettor confirms again to take it.
        client.setQueryData(cashoutOfferQueryOptions(betId, stakeArg).queryKey, (old) =>
          old ? { ...old, value: now } : old,
        );
        setChanged(now);
        setFailed(null);
      } else {
        setChanged(null);
        setFailed(entry?.dimension_value ?? tm('cashOutFailed'));
      }
    },
  });

  return (
    <section className={styles.panel} aria-labelledby={titleId} data-testid="cashout-panel">
      <h3 id={titleId} className={styles.title}>
        {tfm('cashOutBet', { id: betId })}
      </h3>
      <label className={styles.part}>
        <span className={styles.row}>
          <span>{tm('cashOutPart')}</span>
          <b data-testid="cashout-part">
            {part >= offer.stake
              ? `${tm('cashOutAll')} · ${money(offer.stake)}`
              : tfm('cashOutPartOf', { part: money(part), stake: money(offer.stake) })}
          </b>
        </span>
        <input
          ref={rangeRef}
          type="range"
          min={step}
          max={offer.stake}
          step={step}
          value={part}
          disabled={take.isPending || offer.stake <= step}
          onChange={(e) => {
            setPart(roundUnits(Number(e.target.value)));
            setChanged(null);
            setFailed(null);
          }}
        />
      </label>
      <p className={styles.row}>
        <span>{tm('cashOutYouGet')}</span>
        <b data-testid="cashout-value" aria-live="polite" className={settled ? '' : styles.stale}>
          {value === null ? '—' : money(value)}
        </b>
      </p>
      <p className={styles.keeps}>
        {part < offer.stake
          ? tfm('cashOutKeeps', { amount: money(roundUnits(offer.stake - part)) })
          : '\u00a0'}
      </p>
      {changed !== null && (
        <p className={styles.notice} role="alert" data-testid="cashout-changed">
          {tfm('cashOutChanged', { amount: money(changed) })}
        </p>
      )}
      {failed !== null && (
        <p className={styles.notice} role="alert">
          {failed}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.cancel} onClick={onClose} disabled={take.isPending}>
          {tm('cancel')}
        </button>
        <button
          type="button"
          className={styles.button}
          disabled={value === null || !settled || take.isPending}
          aria-busy={take.isPending}
          onClick={() => value !== null && take.mutate(value)}
        >
          {tm('confirmCashOut')}
        </button>
      </div>
    </section>
  );
}
