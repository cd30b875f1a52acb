import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { loginUrlFor } from '../../lib/login-prompt';
import { t } from '../../lib/i18n';
import { openLoginModal } from '../../lib/session-store';
import styles from './header.module.css';

/** A plain left click: modified clicks keep the link's own page (new tab, new window). */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** LOG IN opens the login modal and the user stays on the page; JOIN goes to registration. */
export function GuestActions() {
  const { pathname, search } = useLocation();
  return (
    <>
      <Link
        to={pathname === '/' ? '/login' : loginUrlFor(pathname + search)}
        className={styles.button}
        onClick={(event) => {
          if (!isPlainClick(event) || pathname === '/login') return;
          event.preventDefault();
          openLoginModal();
        }}
      >
        {t('logIn')}
      </Link>
      <Link to="/register" className={`${styles.button} ${styles.primary}`}>
        {t('join')}
      </Link>
    </>
  );
}
