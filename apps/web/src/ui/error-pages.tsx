import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useServerTitle } from '../lib/ssr-environment';
import { t, tf } from '../lib/i18n';
import styles from './error-page.module.css';

/** Error pages with the spec's exact texts (spec doc 1 §2). */
function useTitle(title: string) {
  useServerTitle(`${title} | Dau`);
  useEffect(() => {
    document.title = `${title} | Dau`;
  }, [title]);
}

export function SessionExpiredPage() {
  const { pathname, search } = useLocation();
  useTitle(t('errSessionExpired'));
  const redirect = encodeURIComponent(pathname + search).replace(/%2F/g, '/');
  return (
    <section className={styles.page}>
      <p className={styles.code}>401</p>
      <h1 className={styles.title}>{t('errSessionExpired')}</h1>
      <Link className={styles.action} to={`/login?redirectUrl=${redirect}`}>
        {t('errLogin')}
      </Link>
    </section>
  );
}

export function AccessDeniedPage() {
  useTitle(t('errAccessDenied'));
  return (
    <section className={styles.page}>
      <p className={styles.code}>403</p>
      <h1 className={styles.title}>{t('errAccessDenied')}</h1>
      <p className={styles.text}>{t('errAccessDeniedDetail')}</p>
      <Link className={styles.action} to="/">
        {t('errGoHome')}
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  const location = useLocation();
  useTitle(t('errNotFound'));
  // 'default' is the key of the page the app was opened on, before any in-app navigation.
  const initial = location.key === 'default';
  return (
    <section className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>{t('errNotFound')}</h1>
      <p className={styles.text}>
        {initial ? t('errNotFoundInitial') : tf('errNoPageAt', { path: location.pathname })}
      </p>
      <Link className={styles.action} to="/">
        {t('errGoHome')}
      </Link>
    </section>
  );
}

/** The 'other' error page; `details` is what Customer Support needs to trace the problem. */
export function UnexpectedErrorPage({ details }: { details?: string }) {
  useTitle(t('errSorry'));
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('errSorry')}</h1>
      <p className={styles.text}>{t('errShouldNotHappen')}</p>
      <p className={styles.text}>{t('errRefreshToRetry')}</p>
      <p className={styles.text}>{t('errGiveDetails')}</p>
      <pre className={styles.details}>
        {details ?? `${new Date().toISOString()} ${location.pathname}`}
      </pre>
      <button type="button" className={styles.action} onClick={() => window.location.reload()}>
        {t('errRefresh')}
      </button>
    </section>
  );
}
