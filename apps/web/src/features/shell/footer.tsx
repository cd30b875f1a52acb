import { startTransition, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchStory, type BlockBase } from '../../lib/content-client';
import { currentSite } from '../../lib/site';
import { plainText, RichText } from '../../ui/rich-text/rich-text';
import { t, tf } from './deferred-shell-strings';
import styles from './footer.module.css';
import { leadsToPageOfSite, menuTarget, type MenuLink } from './menu-visibility';

interface FooterContent extends BlockBase {
  columns?: {
    _uid: string;
    title: string;
    links: { _uid: string; label: string; link: MenuLink }[];
  }[];
  responsible_gambling?: string;
  licences?: { _uid: string; site_id: string; text: string }[];
  copyright?: string;
}

/** The footer from the content service's `footer` story; its basics show while it loads. */
export function Footer() {
  const site = currentSite();
  const [content, setContent] = useState<FooterContent | null>(null);
  useEffect(() => {
    let live = true;
    fetchStory<FooterContent>('footer')
      // Below the page: drawn as a transition, in slices, not one long task (ADR 189).
      .then((story) => live && startTransition(() => setContent(story.content)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const licence = content?.licences?.find((l) => l.site_id === String(site.siteId));
  return (
    <footer className={styles.footer}>
      {content?.columns ? (
        <div className={styles.columns}>
          {content.columns.map((column) => (
            <nav key={column._uid} aria-label={plainText(column.title)}>
              <h2 className={styles.heading}>
                <RichText inline value={column.title} />
              </h2>
              <ul className={styles.column}>
                {column.links.map((item) => {
                  const target = menuTarget(item);
                  if (!target || !leadsToPageOfSite(item, site.siteId)) return null;
                  return (
                    <li key={item._uid}>
                      {target.external ? (
                        <a href={target.href} target="_blank" rel="noopener noreferrer">
                          <RichText inline value={item.label} />
                        </a>
                      ) : (
                        <Link to={target.href}>
                          <RichText inline value={item.label} />
                        </Link>
                      )}
                    </li>
                  );
                })}
              </ul>
            </nav>
          ))}
        </div>
      ) : (
        <ul className={styles.links}>
          <li>
            <Link to="/company">{t('about')}</Link>
          </li>
          <li>
            <Link to="/customer-support">{t('help')}</Link>
          </li>
          <li>
            <Link to="/promotions">{t('promotions')}</Link>
          </li>
          <li>
            <Link to="/speedtest">{t('speedTest')}</Link>
          </li>
        </ul>
      )}
      <p>
        <span className={styles.age}>{site.minimumAge}+</span>
        {content?.responsible_gambling ? (
          <RichText inline value={content.responsible_gambling} />
        ) : (
          tf('responsible', { country: site.country })
        )}
      </p>
      {licence && (
        <p>
          <RichText inline value={licence.text} />
        </p>
      )}
      {content?.copyright && (
        <p>
          <RichText inline value={content.copyright} />
        </p>
      )}
    </footer>
  );
}
