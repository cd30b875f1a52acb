import { lazy, Suspense } from 'react';
import { useBalance } from '../features/payments/api/get-balance';
import { PaymentNotices } from '../features/payments/components/payment-notices';
import { useLowBalanceNotice } from '../features/payments/hooks/use-low-balance-notice';
import { usePaymentPushes } from '../features/payments/hooks/use-payment-pushes';
import { usePaymentsStore } from '../features/payments/store';
import { useShellStore } from '../features/shell/shell-store';
import { useOpenBets } from '../features/shell/use-open-bets';
import { QueryProvider } from './query-provider';

const PaymentModals = lazy(() =>
  import('../features/payments/components/payment-modals').then((m) => ({
    default: m.PaymentModals,
  })),
);
const AccountMenu = lazy(() =>
  import('../features/shell/account-menu').then((m) => ({ default: m.AccountMenu })),
);

/** The signed-in user's feeds: balances (getbalance + pushes), open bets, low-balance notice. */
function AccountFeeds() {
  usePaymentPushes(true);
  const balance = useBalance(true);
  useOpenBets(true);
  useLowBalanceNotice(balance.isSuccess);
  return null;
}

export function SignedInOverlays() {
  const paymentModal = usePaymentsStore((s) => s.modal);
  const accountMenu = useShellStore((s) => s.accountMenuOpen);
  return (
    <QueryProvider>
      <AccountFeeds />
      <Suspense fallback={null}>
        {accountMenu && <AccountMenu />}
        {paymentModal && <PaymentModals />}
      </Suspense>
      <PaymentNotices />
    </QueryProvider>
  );
}
