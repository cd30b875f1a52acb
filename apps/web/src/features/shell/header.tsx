import { lazy, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { currentSite } from '../../lib/site';
import { useSessionStore } from '../../lib/session-store';
import { GuestActions } from './header-actions';
import styles from './header.module.css';
import { t } from '../../lib/i18n';
import { LoyaltyButton } from '../loyalty/loyalty-button';

// Site 4's language choice: only that site loads it (server-drawn there, hydrated when loaded).
const LanguageSwitch = lazy(() =>
  import('./language-switch').then((m) => ({ default: m.LanguageSwitch })),
);

// Signed in: balance, Deposit, My Account and the bet drop, with the payments store behind
// them; anonymous visitors (most first loads) never load it (ADR 184).
const SignedInActions = lazy(() =>
  import('./signed-in-actions').then((m) => ({ default: m.SignedInActions })),
);

// The menu and its content rules load when it is first opened, not with every page.
const SiteMenu = lazy(() => import('./site-menu').then((m) => ({ default: m.SiteMenu })));

/**
 * Header (spec doc 1 §2): logo, the guest or signed-in actions (header-actions.tsx,
 * signed-in-actions.tsx), the
 * language choice on site 4 and the MENU hamburger. The account menu, login and deposit modals
 * are the app's overlays, opened through their stores.
 */
export function Header() {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so a route change closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;

  return (
    <header className={styles.header} data-signed-in={isAuthenticated || undefined}>
      <Link to="/" className={styles.logo} aria-label={t('dauHome')}>
        Dau<span>.</span>
      </Link>
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <SignedInActions />
        </Suspense>
      ) : (
        <GuestActions />
      )}
      {currentSite().features.languagePicker && (
        <Suspense fallback={null}>
          <LanguageSwitch className={`${styles.button} ${styles.headerLanguage}`} />
        </Suspense>
      )}
      <LoyaltyButton />
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
