import { useState } from 'react';
import type { TransactionItem } from '@dau/contracts/wallet/transactions';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { useSessionStore } from '../../lib/session-store';
import { currentSite } from '../../lib/site';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { useBalance } from './api/get-balance';
import { useTransactions } from './api/transactions';
import { BalanceSummary } from './components/balance-summary';
import styles from './components/payments.module.css';
import { usePaymentsStore } from './store';

/** Payments (spec doc 1 §2): balances, deposit and withdrawal modals, transactions. */
const TABS = [
  { to: '/payments', label: 'Deposit' },
  { to: '/payments/transactions', label: 'Transactions' },
];

const money = (units: number) => formatMoney(fromUnits(units), currentSite());

export function PaymentsPage() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const open = usePaymentsStore((s) => s.openModal);
  // The modals and pushes live in the app shell's PaymentModalsHost, on every page.
  // The query feeds the one balance state the summary reads.
  useBalance(isAuthenticated);
  return (
    <PageFrame title="Payments" tabs={TABS}>
      {isAuthenticated ? (
        <>
          <BalanceSummary />
          <div className={styles.actions}>
            <button type="button" className={styles.submit} onClick={() => open('deposit')}>
              Deposit
            </button>
            <button type="button" className={styles.submit} onClick={() => open('withdrawal')}>
              Withdraw
            </button>
          </div>
        </>
      ) : (
        <EmptyState
          message="Log in to deposit and withdraw."
          action={{ to: '/login', label: 'LOG IN' }}
        />
      )}
    </PageFrame>
  );
}

const STATUS_LABEL: Record<TransactionItem['status'], string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};

export function TransactionsPage() {
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const list = useTransactions({ type, status, page });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <PageFrame title="Transactions" tabs={TABS}>
      <div className={styles.filters}>
        <label className={styles.label}>
          Type
          <select
            className={styles.input}
            value={type}
            onChange={(e) => (setType(e.target.value), setPage(1))}
          >
            <option value="">All</option>
            {['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'tax'].map((t) => (
              <option key={t} value={t}>
                {t[0]?.toUpperCase()}
                {t.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.label}>
          Status
          <select
            className={styles.input}
            value={status}
            onChange={(e) => (setStatus(e.target.value), setPage(1))}
          >
            <option value="">All</option>
            {Object.entries(STATUS_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {data && data.items.length === 0 && <EmptyState message="No transactions yet." />}
      {data && data.items.length > 0 && (
        <>
          <table className={styles.table}>
            <thead>
              <tr>
                <th>Date</th>
                <th>Type</th>
                <th>Amount</th>
                <th>Balance</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <tr key={item.id}>
                  <td>{new Date(item.createdAt).toLocaleDateString()}</td>
                  <td>{item.type}</td>
                  <td>{money(item.amount)}</td>
                  <td>{item.runningBalance === null ? '–' : money(item.runningBalance)}</td>
                  <td>{STATUS_LABEL[item.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className={styles.pager}>
            <button
              type="button"
              className={styles.preset}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button
              type="button"
              className={styles.preset}
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </div>
        </>
      )}
    </PageFrame>
  );
}
