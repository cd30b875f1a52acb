import { Link } from 'react-router';
import { useSessionStore } from '../../lib/session-store';
import { currentSite } from '../../lib/site';
import styles from './site-menu.module.css';

/** Main links until the content-driven menu (#4) replaces this list. */
const SECTIONS = [
  {
    heading: 'Sports',
    links: [
      { to: '/sports', label: 'Sports' },
      { to: '/live-now', label: 'Live Now' },
      { to: '/virtuals', label: 'Virtuals' },
    ],
  },
  {
    heading: 'Casino',
    links: [
      { to: '/casino', label: 'Casino' },
      { to: '/live-casino', label: 'Live Casino' },
      { to: '/crash', label: 'Crash' },
      { to: '/instant-wins', label: 'Instant Wins' },
    ],
  },
  {
    heading: 'Dau',
    links: [
      { to: '/promotions', label: 'Promotions' },
      { to: '/customer-support', label: 'Customer Support' },
      { to: '/android-app', label: 'Android App' },
      { to: '/company', label: 'About Dau' },
    ],
  },
] as const;

export function SiteMenu({ onClose }: { onClose: () => void }) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const account = isAuthenticated
    ? [
        { to: currentSite().features.myBetsPath, label: 'My Bets' },
        { to: '/payments/transactions', label: 'Transactions' },
        { to: '/my-account/profile', label: 'My Account' },
      ]
    : [
        { to: '/login', label: 'Log in' },
        { to: '/register', label: 'Join' },
      ];
  return (
    <div className={styles.backdrop} onClick={onClose}>
      <nav
        id="site-menu"
        className={styles.panel}
        aria-label="Main menu"
        onClick={(e) => e.stopPropagation()}
      >
        {[{ heading: 'Account', links: account }, ...SECTIONS].map((section) => (
          <div key={section.heading}>
            <h2 className={styles.heading}>{section.heading}</h2>
            <ul className={styles.list}>
              {section.links.map((link) => (
                <li key={link.to}>
                  <Link className={styles.link} to={link.to} onClick={onClose}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
