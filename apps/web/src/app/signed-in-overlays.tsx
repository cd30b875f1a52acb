import { lazy, Suspense } from 'react';
import { useBalance } from '../features/payments/api/get-balance';
import { useLowBalanceNotice } from '../features/payments/hooks/use-low-balance-notice';
import { useShellStore } from '../features/shell/shell-store';
import { QueryProvider } from '../lib/query-provider';

// The payment modals, notices and pushes (doc 1 §2: rendered only when signed in).
const PaymentModalsHost = lazy(() =>
  import('../features/payments/payment-modals-host').then((m) => ({
    default: m.PaymentModalsHost,
  })),
);
const AccountMenu = lazy(() =>
  import('../features/shell/account-menu').then((m) => ({ default: m.AccountMenu })),
);

/** The signed-in user's balance (getbalance; the pushes patch it) and the low-balance notice. */
function AccountFeeds() {
  const balance = useBalance(true);
  useLowBalanceNotice(balance.isSuccess);
  return null;
}

export function SignedInOverlays() {
  const accountMenu = useShellStore((s) => s.accountMenuOpen);
  return (
    <QueryProvider>
      <AccountFeeds />
      <Suspense fallback={null}>
        <PaymentModalsHost />
        {accountMenu && <AccountMenu />}
      </Suspense>
    </QueryProvider>
  );
}
