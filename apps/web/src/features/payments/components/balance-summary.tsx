import { formatMoney, fromUnits } from '@dau/domain/money';
import { currentSite } from '../../../lib/site';
import { t } from '../payment-strings';
import { usePaymentsStore, type Balances } from '../store';
import styles from './payments.module.css';

/** The balances a summary lists (doc 1 §3: cash, bonus, free bet, reserved bonus). */
const ROWS: [id: string, key: keyof Balances, label: Parameters<typeof t>[0]][] = [
  ['Cash', 'cash', 'payCash'],
  ['Free bet', 'freeBet', 'payFreeBet'],
  ['Bonus', 'bonus', 'payBonus'],
  ['Reserved', 'reserved', 'payReserved'],
];

/** Balance summary of the payments page and the account menu, from the one balance state. */
export function BalanceSummary() {
  const balances = usePaymentsStore((s) => s.balances);
  if (!balances) return null;
  const site = currentSite();
  return (
    <dl className={styles.summary} aria-label={t('balances')}>
      {ROWS.map(([id, key, label]) => (
        <div key={key}>
          <dt>{t(label)}</dt>
          <dd data-balance={id}>{formatMoney(fromUnits(balances[key]), site)}</dd>
        </div>
      ))}
    </dl>
  );
}
