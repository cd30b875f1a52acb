import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useServerTitle } from '../lib/ssr-environment';
import styles from './page-frame.module.css';

export interface Tab {
  to: string;
  label: string;
}

/**
 * A tab, marked current on its own path (as NavLink with `end` did; a plain Link keeps React
 * Router's NavLink out of the entry chunk, ADR 182).
 */
function TabLink({ tab }: { tab: Tab }) {
  const { pathname } = useLocation();
  const path = tab.to.split(/[?#]/)[0] ?? tab.to;
  const active = pathname.replace(/(.)\/+$/, '$1').toLowerCase() === path.toLowerCase();
  return (
    <Link
      to={tab.to}
      className={active ? `${styles.tab} ${styles.activeTab}` : styles.tab}
      aria-current={active ? 'page' : undefined}
    >
      {tab.label}
    </Link>
  );
}

/** The frame every page shares: a title (also the document title), optional tabs, content. */
export function PageFrame({
  title,
  tabs,
  children,
  titleHidden = false,
}: {
  title: string;
  tabs?: readonly Tab[];
  children?: ReactNode;
  /** The heading stays for screen readers and the document title but is not drawn (home). */
  titleHidden?: boolean;
}) {
  const documentTitle = title === 'Dau' ? 'Dau' : `${title} | Dau`;
  useServerTitle(documentTitle);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <section className={styles.frame} aria-labelledby="page-title">
      <h1
        id="page-title"
        className={titleHidden ? `${styles.title} ${styles.titleHidden}` : styles.title}
      >
        {title}
      </h1>
      {tabs && tabs.length > 0 && (
        <nav className={styles.tabs} aria-label={title}>
          {tabs.map((tab) => (
            <TabLink key={tab.to} tab={tab} />
          ))}
        </nav>
      )}
      {children}
    </section>
  );
}

/** What a list shows when it has nothing yet; `action` links somewhere useful. */
export function EmptyState({
  message,
  action,
}: {
  message: string;
  action?: { to: string; label: string };
}) {
  return (
    <div className={styles.empty}>
      <p>{message}</p>
      {action && (
        <Link className={styles.action} to={action.to}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
