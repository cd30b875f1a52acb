import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchStoryOnce, type BlockBase } from '../../lib/content-client';
import { useSessionStore } from '../../lib/session-store';
import { currentSite, currentSiteId } from '../../lib/site';
import { LanguageSwitch } from './language-switch';
import { isMenuItemVisible, isWebViewApp, menuTarget, type MenuItem } from './menu-visibility';
import { loadPopularFootball, type PopularFootball, type PopularLink } from './popular-football';
import styles from './site-menu.module.css';
import { tMenu } from './site-menu-strings';
import { t } from '../../lib/i18n';
import { RichText } from '../../ui/rich-text/rich-text';

interface NavbarContent extends BlockBase {
  items?: MenuItem[];
}

// The navbar story is read once per page load, when the menu is first opened.
function loadNavbar(): Promise<MenuItem[]> {
  return fetchStoryOnce<NavbarContent>('navbar').then((story) => story.content.items ?? []);
}

/** Shown when the content service cannot be reached, so the menu still leads somewhere. */
const offlineItems = (): MenuItem[] => [
  { _uid: 'home', label: tMenu('home'), link: { url: '/' } },
  { _uid: 'sports', label: tMenu('sports'), link: { url: '/sports' } },
  { _uid: 'casino', label: tMenu('casino'), link: { url: '/casino' } },
  { _uid: 'promotions', label: tMenu('promotions'), link: { url: '/promotions' } },
  { _uid: 'support', label: tMenu('support'), link: { url: '/customer-support' } },
];

export function SiteMenu({ onClose }: { onClose: () => void }) {
  const isAuthenticated = useSessionStore((state) => state.isAuthenticated);
  const [items, setItems] = useState<MenuItem[] | null>(null);

  useEffect(() => {
    let live = true;
    loadNavbar()
      .then((loaded) => live && setItems(loaded))
      .catch(() => live && setItems(offlineItems()));
    return () => {
      live = false;
    };
  }, []);

  const context = {
    placement: 'sidebar' as const,
    siteId: currentSiteId(),
    isAuthenticated,
    inWebViewApp: isWebViewApp(),
  };
  const visible = (items ?? []).filter((item) => isMenuItemVisible(item, context));

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <nav
        id="site-menu"
        className={styles.panel}
        aria-label={t('mainMenu')}
        onClick={(e) => e.stopPropagation()}
      >
        {!isAuthenticated && (
          <ul className={styles.list}>
            <li>
              <Link className={styles.link} to="/login" onClick={onClose}>
                {t('menuLogIn')}
              </Link>
            </li>
            <li>
              <Link className={styles.link} to="/register" onClick={onClose}>
                {t('menuJoin')}
              </Link>
            </li>
          </ul>
        )}
        {items === null && <p className={styles.heading}>{t('loading')}</p>}
        <ul className={styles.list}>
          {visible.map((item) => {
            const target = menuTarget(item);
            if (!target) return null;
            const style = item.text_color ? { color: item.text_color } : undefined;
            return (
              <li key={item._uid}>
                {target.external ? (
                  <a
                    className={styles.link}
                    style={style}
                    href={target.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={onClose}
                  >
                    <RichText inline value={item.label} />
                  </a>
                ) : (
                  <Link className={styles.link} style={style} to={target.href} onClick={onClose}>
                    <RichText inline value={item.label} />
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        {currentSite().features.languagePicker && (
          <ul className={styles.list}>
            <li>
              <LanguageSwitch className={styles.languageRow} inMenu />
            </li>
          </ul>
        )}
        <PopularFootballMenu onClose={onClose} />
      </nav>
    </div>
  );
}

/** Popular football tournaments and countries (spec doc 1 §2); hidden when the call fails. */
function PopularFootballMenu({ onClose }: { onClose: () => void }) {
  const [popular, setPopular] = useState<PopularFootball | null>(null);
  useEffect(() => {
    let live = true;
    loadPopularFootball()
      .then((loaded) => live && setPopular(loaded))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!popular) return null;
  const list = (links: PopularLink[]) => (
    <ul className={styles.list}>
      {links.map((link) => (
        <li key={link.key}>
          <Link className={styles.link} to={link.href} onClick={onClose}>
            <span className={styles.linkText}>
              {link.label}
              {link.detail && <small>{link.detail}</small>}
            </span>
            <span className={styles.count}>{link.count}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {popular.tournaments.length > 0 && (
        <section aria-label={t('popularFootball')}>
          <p className={styles.heading}>{t('popularFootball')}</p>
          {list(popular.tournaments)}
        </section>
      )}
      {popular.countries.length > 0 && (
        <section aria-label={t('footballCountries')}>
          <p className={styles.heading}>{t('footballCountries')}</p>
          {list(popular.countries)}
        </section>
      )}
    </>
  );
}
