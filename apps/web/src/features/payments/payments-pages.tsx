import { useState } from 'react';
import type { TransactionItem } from '@dau/contracts/wallet/transactions';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { useSessionStore } from '../../lib/session-store';
import { currentSite } from '../../lib/site';
import { siteDateTime } from '../../lib/site-clock';
import { t, tf } from './payment-strings';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { useAccountRestriction } from './api/account-restriction';
import { useBalance } from './api/get-balance';
import { useTransactions } from './api/transactions';
import { BalanceSummary } from './components/balance-summary';
import { DepositLimitsForm } from './components/deposit-limits-form';
import styles from './components/payments.module.css';
import { usePaymentsStore } from './store';

/** Payments (spec doc 1 §2): balances, deposit and withdrawal modals, transactions. */
const tabs = () => [
  { to: '/payments', label: t('deposit') },
  { to: '/payments/transactions', label: t('transactions') },
];

const money = (units: number) => formatMoney(fromUnits(units), currentSite());

/** On a break or self-excluded: only withdrawing and looking work (decision 031). */
function RestrictionBanner() {
  const restriction = useAccountRestriction().data;
  if (!restriction?.active || !restriction.message) return null;
  return (
    <p className={styles.restricted} role="status">
      {restriction.message}
    </p>
  );
}

export function PaymentsPage() {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const open = usePaymentsStore((s) => s.openModal);
  // The modals and pushes live in the app shell's PaymentModalsHost, on every page.
  // The query feeds the one balance state the summary reads.
  useBalance(isAuthenticated);
  return (
    <PageFrame title={t('payPayments')} tabs={tabs()}>
      {isAuthenticated ? (
        <>
          <RestrictionBanner />
          <BalanceSummary />
          <div className={styles.actions}>
            <button type="button" className={styles.submit} onClick={() => open('deposit')}>
              {t('deposit')}
            </button>
            <button type="button" className={styles.submit} onClick={() => open('withdrawal')}>
              {t('withdraw')}
            </button>
          </div>
          <DepositLimitsForm />
        </>
      ) : (
        <EmptyState message={t('payLogInToPay')} action={{ to: '/login', label: t('logIn') }} />
      )}
    </PageFrame>
  );
}

const statusLabel = (status: TransactionItem['status']) =>
  t(status === 'pending' ? 'payPending' : status === 'completed' ? 'payCompleted' : 'payFailed');

/** Human names of the ledger's movement types. */
const typeLabel = (type: TransactionItem['type']) =>
  t(
    (
      {
        deposit: 'payTypeDeposit',
        withdrawal: 'payTypeWithdrawal',
        bet: 'payTypeBet',
        win: 'payTypeWin',
        bonus: 'payTypeBonus',
        tax: 'payTypeTax',
        other: 'payTypeOther',
      } as const
    )[type],
  );

export function TransactionsPage() {
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const list = useTransactions({ type, status, page });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <PageFrame title={t('transactions')} tabs={tabs()}>
      <div className={styles.filters}>
        <label className={styles.label}>
          {t('payType')}
          <select
            className={styles.input}
            value={type}
            onChange={(e) => (setType(e.target.value), setPage(1))}
          >
            <option value="">{t('payAll')}</option>
            {(['deposit', 'withdrawal', 'bet', 'win', 'bonus', 'tax'] as const).map((value) => (
              <option key={value} value={value}>
                {typeLabel(value)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.label}>
          {t('payStatus')}
          <select
            className={styles.input}
            value={status}
            onChange={(e) => (setStatus(e.target.value), setPage(1))}
          >
            <option value="">{t('payAll')}</option>
            {(['pending', 'completed', 'failed'] as const).map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {data && data.items.length === 0 && <EmptyState message={t('payNoTransactions')} />}
      {data && data.items.length > 0 && (
        <>
          {/* One card per movement: readable at 320 px, nothing cut off, no page zoom-out. */}
          <ul className={styles.txList} aria-label={t('transactions')}>
            {data.items.map((item) => (
              <li key={item.id} className={styles.txRow} data-status={item.status}>
                <span className={styles.txType}>{typeLabel(item.type)}</span>
                <strong className={styles.txAmount}>{money(item.amount)}</strong>
                <time className={styles.txMeta} dateTime={item.createdAt}>
                  {siteDateTime(item.createdAt)}
                </time>
                <span className={styles.txStatus}>{statusLabel(item.status)}</span>
                {/* The provider's receipt (the M-Pesa code) once paid, else Dau's payment id. */}
                {(item.providerReference ?? item.reference) && (
                  <span className={styles.txMeta}>
                    {t('payReference')}: {item.providerReference ?? item.reference}
                  </span>
                )}
                {item.runningBalance !== null && (
                  <span className={styles.txMeta}>
                    {t('payBalanceAfter')}: {money(item.runningBalance)}
                  </span>
                )}
              </li>
            ))}
          </ul>
          <div className={styles.pager}>
            <button
              type="button"
              className={styles.preset}
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t('payPrevious')}
            </button>
            <span>{tf('payPageOf', { page, pages })}</span>
            <button
              type="button"
              className={styles.preset}
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t('payNext')}
            </button>
          </div>
          <DepositLimitsForm />
        </>
      )}
    </PageFrame>
  );
}
