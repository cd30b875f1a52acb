import { useEffect, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useServerTitle } from '../lib/ssr-environment';
import styles from './page-frame.module.css';

export interface Tab {
  to: string;
  label: string;
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
        <nav className={styles.tabs} aria-label={`${title} sections`}>
          {tabs.map((tab) => (
            <NavLink
              key={tab.to}
              to={tab.to}
              end
              className={({ isActive }) =>
                isActive ? `${styles.tab} ${styles.activeTab}` : styles.tab
              }
            >
              {tab.label}
            </NavLink>
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
        <NavLink className={styles.action} to={action.to}>
          {action.label}
        </NavLink>
      )}
    </div>
  );
}
