import { formatMoney, fromUnits } from '@dau/domain/money';
import { currentSite } from '../../../lib/site';
import { usePaymentsStore, type Balances } from '../store';
import styles from './payments.module.css';

/** The balances a summary lists (doc 1 §3: cash, bonus, free bet, reserved bonus). */
const ROWS: [label: string, key: keyof Balances][] = [
  ['Cash', 'cash'],
  ['Free bet', 'freeBet'],
  ['Bonus', 'bonus'],
  ['Reserved', 'reserved'],
];

/** Balance summary of the payments page and the account menu, from the one balance state. */
export function BalanceSummary() {
  const balances = usePaymentsStore((s) => s.balances);
  if (!balances) return null;
  const site = currentSite();
  return (
    <dl className={styles.summary} aria-label="Balances">
      {ROWS.map(([label, key]) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd data-balance={label}>{formatMoney(fromUnits(balances[key]), site)}</dd>
        </div>
      ))}
    </dl>
  );
}
