import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { trackEvent } from '../../lib/analytics';
import { t } from '../../lib/i18n';
import { currentSite } from '../../lib/site';
import { usePaymentsStore } from '../payments/store';
import { compactMoney } from './compact-money';
import { isPlainClick } from './header-actions';
import styles from './header.module.css';
import { useShellStore } from './shell-store';

// The bet drop brings TanStack Query with it: loaded after the shell, for signed-in users only.
const BetCardDrop = lazy(() =>
  import('../my-bets/bet-card-drop').then((m) => ({ default: m.BetCardDrop })),
);

/**
 * Signed in (doc 1 §1–§2): the MY BETS link, Deposit (opens the deposit modal; the link is the
 * fallback) and My Account with the cash balance (opens the account menu).
 */
export function SignedInActions() {
  const cash = usePaymentsStore((s) => s.balances?.cash);
  const openModal = usePaymentsStore((s) => s.openModal);
  const menuOpen = useShellStore((s) => s.accountMenuOpen);
  const openAccountMenu = useShellStore((s) => s.openAccountMenu);
  const site = currentSite();
  return (
    <>
      {/* The bet-card drop (open bets, notify flag); the link until its chunk arrives. */}
      <Suspense
        fallback={
          <Link to={site.features.myBetsPath} className={styles.myBets}>
            {t('myBets')}
          </Link>
        }
      >
        <BetCardDrop label={t('myBets')} className={styles.myBets} />
      </Suspense>
      <Link
        to="/payments"
        className={`${styles.button} ${styles.primary}`}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          trackEvent({ event: 'modal_open', modal: 'deposit' });
          openModal('deposit');
        }}
      >
        {t('deposit')}
      </Link>
      <button
        type="button"
        className={styles.account}
        aria-haspopup="dialog"
        aria-expanded={menuOpen}
        onClick={openAccountMenu}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"
          />
        </svg>
        <span className={styles.visuallyHidden}>{t('myAccount')}, </span>
        <span className={styles.balance} data-testid="header-balance">
          {cash === undefined ? '' : compactMoney(cash, site)}
        </span>
      </button>
    </>
  );
}
