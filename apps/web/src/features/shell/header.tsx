import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSessionStore } from '../../lib/session-store';
import { currentSite } from '../../lib/site';
import styles from './header.module.css';
import { LanguageSwitch } from './language-switch';
import { SiteMenu } from './site-menu';

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
          <Link to={currentSite().features.myBetsPath} className={styles.button}>
            My Bets
          </Link>
          <Link to="/payments" className={`${styles.button} ${styles.primary}`}>
            Deposit
          </Link>
          <Link to="/my-account/profile" className={styles.button}>
            My Account
          </Link>
        </>
      ) : (
        <>
          <Link to="/login" className={styles.button}>
            LOG IN
          </Link>
          <Link to="/register" className={`${styles.button} ${styles.primary}`}>
            JOIN
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
        MENU
      </button>
      {menuOpen && <SiteMenu onClose={() => setMenuOpenOn(null)} />}
    </header>
  );
}
