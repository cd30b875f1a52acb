import { EmptyState, PageFrame } from '../../ui/page-frame';

/** Payments (spec doc 1 §2); #9 adds deposit and withdrawal. */
const TABS = [
  { to: '/payments', label: 'Deposit' },
  { to: '/payments/transactions', label: 'Transactions' },
];

export function PaymentsPage() {
  return (
    <PageFrame title="Payments" tabs={TABS}>
      <EmptyState
        message="Deposit and withdraw with mobile money."
        action={{ to: '/payments/transactions', label: 'Transactions' }}
      />
    </PageFrame>
  );
}

export function TransactionsPage() {
  return (
    <PageFrame title="Transactions" tabs={TABS}>
      <EmptyState message="No transactions yet." />
    </PageFrame>
  );
}
