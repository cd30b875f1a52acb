import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSessionStore } from '../../lib/session-store';
import { currentSite } from '../../lib/site';
import styles from './header.module.css';
import { LanguageSwitch } from './language-switch';
import { t } from '../../lib/i18n';

// The menu and its content rules load when it is first opened, not with every page.
const SiteMenu = lazy(() => import('./site-menu').then((m) => ({ default: m.SiteMenu })));
// The bet drop brings TanStack Query with it: loaded after the shell, for signed-in users only.
const BetCardDrop = lazy(() =>
  import('../my-bets/bet-card-drop').then((m) => ({ default: m.BetCardDrop })),
);

/**
 * Header frame (spec doc 1 §2). Later issues replace the internals: balances and the account
 * menu (#5/#9), the betslip button (#8), the content-driven menu (#4).
 */
export function Header() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so a route change closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logo} aria-label="Dau home">
        Dau<span>.</span>
      </Link>
      {isAuthenticated ? (
        <>
          <Suspense
            fallback={
              <Link to={currentSite().features.myBetsPath} className={styles.button}>
                {t('myBets')}
              </Link>
            }
          >
            <BetCardDrop label={t('myBets')} />
          </Suspense>
          <Link to="/payments" className={`${styles.button} ${styles.primary}`}>
            {t('deposit')}
          </Link>
          <Link to="/my-account/profile" className={styles.button}>
            {t('myAccount')}
          </Link>
        </>
      ) : (
        <>
          <Link to="/login" className={styles.button}>
            {t('logIn')}
          </Link>
          <Link to="/register" className={`${styles.button} ${styles.primary}`}>
            {t('join')}
          </Link>
        </>
      )}
      <LanguageSwitch />
      <button
        type="button"
        className={styles.menuButton}
        aria-expanded={menuOpen}
        aria-controls="site-menu"
        onClick={() => setMenuOpenOn(menuOpen ? null : pathname)}
      >
        <span className={styles.bars} aria-hidden="true" />
        {t('menu')}
      </button>
      {menuOpen && (
        <Suspense fallback={null}>
          <SiteMenu onClose={() => setMenuOpenOn(null)} />
        </Suspense>
      )}
    </header>
  );
}
