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

/** True when cash has just dropped below the threshold (or is first seen below it). */
export function balanceFellBelow(previous: Cents | null, next: Cents, threshold: Cents): boolean {
  return next < threshold && (previous === null || previous >= threshold);
}

/**
 * The balance notification (doc 1 §4): when the real (cash) balance falls below the content
 * value `deposit_min_bal_notify`, one notice in the notification area. It fires again only
 * after the balance has risen to the threshold and fallen below it once more. `enabled` waits
 * for a fresh balance, so a stale balance cookie never raises it.
 */
export function useLowBalanceNotice(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let unsubscribe = () => {};
    const start = (labels: Record<string, string>) => {
      if (stopped) return;
      const threshold = lowBalanceThreshold(labels, currentSite());
      const message = labels.deposit_low_balance?.trim() || DEFAULT_MESSAGE;
      let previous: Cents | null = null;
      const check = (balances: Balances | null) => {
        if (!balances) {
          previous = null;
          return;
        }
        const cash = fromUnits(balances.cash);
        if (balanceFellBelow(previous, cash, threshold)) {
          useNotificationStore.getState().notify({ type: 'default', message });
        }
        previous = cash;
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
