import { useEffect, useRef } from 'react';
import { NOTIFICATION_TIMEOUT_MS } from '@dau/domain/constants';
import { fromUnits } from '@dau/domain/money';
import { useBalance } from '../api/get-balance';
import { usePaymentLabels } from '../api/payment-content';
import { lowBalanceThreshold } from '../deposit-settings';
import { usePaymentsStore } from '../store';

/**
 * The balance notification (doc 1 §4): when the real balance falls below the content value
 * `deposit_min_bal_notify`, once per fall (not again until it has risen above it).
 */
export function useLowBalanceNotice(): void {
  const labels = usePaymentLabels();
  const balance = useBalance();
  const pushed = usePaymentsStore((s) => s.wallet);
  const wasLow = useRef(false);
  const units = pushed?.real ?? balance.data?.cmsStatusMsg.balance;
  const ready = labels.isFetched && units !== undefined;
  const low = ready && fromUnits(units) < lowBalanceThreshold(labels.data);
  useEffect(() => {
    if (!ready) return;
    if (low && !wasLow.current) {
      usePaymentsStore
        .getState()
        .notify(
          'info',
          labels.data?.deposit_low_balance || 'Your balance is low. Deposit now to keep playing.',
          NOTIFICATION_TIMEOUT_MS.default,
        );
    }
    wasLow.current = low;
  }, [ready, low, labels.data]);
}
