import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import styles from './error-page.module.css';

/** Error pages with the spec's exact texts (spec doc 1 §2). */
function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Dau`;
  }, [title]);
}

export function SessionExpiredPage() {
  const { pathname, search } = useLocation();
  useTitle('Your session has expired');
  const redirect = encodeURIComponent(pathname + search).replace(/%2F/g, '/');
  return (
    <section className={styles.page}>
      <p className={styles.code}>401</p>
      <h1 className={styles.title}>Your session has expired</h1>
      <Link className={styles.action} to={`/login?redirectUrl=${redirect}`}>
        Login
      </Link>
    </section>
  );
}

export function AccessDeniedPage() {
  useTitle('Access Denied');
  return (
    <section className={styles.page}>
      <p className={styles.code}>403</p>
      <h1 className={styles.title}>Access Denied</h1>
      <p className={styles.text}>You do not have access to the requested resource</p>
      <Link className={styles.action} to="/">
        Go to home
      </Link>
    </section>
  );
}

export function NotFoundPage() {
  const location = useLocation();
  useTitle('Page not found');
  // 'default' is the key of the page the app was opened on, before any in-app navigation.
  const initial = location.key === 'default';
  return (
    <section className={styles.page}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>Page not found</h1>
      <p className={styles.text}>
        {initial ? 'This page could not be found' : `There is no page at ${location.pathname}`}
      </p>
      <Link className={styles.action} to="/">
        Go to home
      </Link>
    </section>
  );
}

/** The 'other' error page; `details` is what Customer Support needs to trace the problem. */
export function UnexpectedErrorPage({ details }: { details?: string }) {
  useTitle('Sorry!');
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>Sorry!</h1>
      <p className={styles.text}>This shouln&apos;t happen</p>
      <p className={styles.text}>Please refresh the page to try again</p>
      <p className={styles.text}>
        If it happens again, please give these details to Customer Support:
      </p>
      <pre className={styles.details}>
        {details ?? `${new Date().toISOString()} ${location.pathname}`}
      </pre>
      <button type="button" className={styles.action} onClick={() => window.location.reload()}>
        Refresh
      </button>
    </section>
  );
}
