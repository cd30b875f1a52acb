import { fromUnits, type Cents } from '@dau/domain/money';
import { useEffect } from 'react';
import { fetchLabels } from '../../../lib/content-client';
import { useNotificationStore } from '../../../lib/notification-store';
import { lowBalanceThreshold } from '../deposit-settings';
import { usePaymentsStore, type Balances } from '../store';
import { currentSite } from '../../../lib/site';

/** The labels datasource that carries `deposit_min_bal_notify` and the notice text. */
const LABELS_DATASOURCE = 'labels_page_withdrawal';
const DEFAULT_MESSAGE = 'Your balance is low. Deposit now to keep playing.';

/** The parts of the balance the rule reads, in cents. */
export interface CashState {
  cash: Cents;
  /** Held for a withdrawal on its way. */
  reserved: Cents;
}

/**
 * True when cash has just fallen below the threshold through play: it was seen at or above it
 * and now is below (the spec's "falls below"). A balance first seen low raises nothing (a new
 * user with 0 is not greeted), nor does a fall that is a withdrawal's reservation (the reserved
 * amount rose with it): a user who never played sees the notice never (issue #16).
 */
export function balanceFellBelow(
  previous: CashState | null,
  next: CashState,
  threshold: Cents,
): boolean {
  if (previous === null || previous.cash < threshold || next.cash >= threshold) return false;
  return next.reserved <= previous.reserved;
}

export function useLowBalanceNotice(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let unsubscribe = () => {};
    const start = (labels: Record<string, string>) => {
      if (stopped) return;
      const threshold = lowBalanceThreshold(labels, currentSite());
      const message = labels.deposit_low_balance?.trim() || DEFAULT_MESSAGE;
      let previous: CashState | null = null;
      const check = (balances: Balances | null) => {
        if (!balances) {
          previous = null;
          return;
        }
        const next = { cash: fromUnits(balances.cash), reserved: fromUnits(balances.reserved) };
        if (balanceFellBelow(previous, next, threshold)) {
          useNotificationStore.getState().notify({ type: 'default', message });
        }
        previous = next;
      };
      check(usePaymentsStore.getState().balances);
      unsubscribe = usePaymentsStore.subscribe((state, before) => {
        if (state.balances !== before.balances) check(state.balances);
      });
    };
    // Without the labels the spec's defaults apply.
    fetchLabels(LABELS_DATASOURCE).then(start, () => start({}));
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, [enabled]);
}
