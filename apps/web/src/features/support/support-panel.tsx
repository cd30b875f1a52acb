import { useEffect, useState } from 'react';
import { fetchStory, type BlockBase } from '../../lib/content-client';
import { HelpAccordion, type AccordionItem } from '../../ui/help-accordion';
import { RichText } from '../../ui/rich-text/rich-text';
import { CallBackForm } from './call-back-form';
import { ts } from './support-strings';
import styles from './support-widget.module.css';
import { t } from '../../lib/i18n';
import { SUPPORT_HOURS } from '@dau/domain/constants';

interface SupportTab {
  _uid: string;
  title: string;
  tab_title: string;
  faq: AccordionItem[];
  call_me_up: boolean;
  body: string;
}

interface Link {
  url?: string;
  cached_url?: string;
}

/** The support-widget story (spec doc 1 §3). */
export interface SupportWidgetContent extends BlockBase {
  label?: string;
  icon_closed?: string;
  open_icon_background_color?: string;
  close_icon_background_color?: string;
  whatsapp_link?: Link;
  messenger_link?: Link;
  hours_label?: string;
  hours_from?: string;
  hours_to?: string;
  tabs?: SupportTab[];
}

function href(link: Link | undefined): string | null {
  const url = link?.url || link?.cached_url;
  return url && url.startsWith('https://') ? url : null;
}

export function SupportPanel({ onClose }: { onClose: () => void }) {
  const [content, setContent] = useState<SupportWidgetContent | null>(null);
  const [failed, setFailed] = useState(false);
  const [tabId, setTabId] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchStory<SupportWidgetContent>('support-widget')
      .then((story) => live && setContent(story.content))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const tabs = content?.tabs ?? [];
  const tab = tabs.find((t) => t._uid === tabId) ?? tabs[0];
  const whatsapp = href(content?.whatsapp_link);
  const messenger = href(content?.messenger_link);

  return (
    <div className={styles.backdrop} onClick={onClose}>
      <section
        id="support-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby="support-title"
        className={styles.panel}
        onClick={(e) => e.stopPropagation()}
      >
        <header
          className={styles.top}
          style={{ background: content?.open_icon_background_color || undefined }}
        >
          <h2 id="support-title" className={styles.title}>
            {content?.label ? <RichText inline value={content.label} /> : t('help')}
          </h2>
          <button
            type="button"
            className={styles.close}
            aria-label={t('closeHelp')}
            style={{ background: content?.close_icon_background_color || undefined }}
            onClick={onClose}
          >
            ×
          </button>
        </header>
        {!content && !failed && <p className={styles.pad}>{t('loading')}</p>}
        {failed && <p className={styles.pad}>{t('helpUnavailable')}</p>}
        {content && (
          <>
            <p className={styles.hours}>
              {content.hours_label ? (
                <RichText inline value={content.hours_label} />
              ) : (
                t('availableEveryDay')
              )}
              :{' '}
              <strong>
                {content.hours_from ?? SUPPORT_HOURS.open} {t('to')}{' '}
                {content.hours_to ?? SUPPORT_HOURS.close}
              </strong>
            </p>
            <div className={styles.channels}>
              {whatsapp && (
                <a
                  className={`${styles.channel} ${styles.whatsapp}`}
                  href={whatsapp}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  WhatsApp
                </a>
              )}
              {messenger && (
                <a
                  className={`${styles.channel} ${styles.messenger}`}
                  href={messenger}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Messenger
                </a>
              )}
            </div>
            <nav className={styles.tabs} role="tablist" aria-label={ts('helpTopics')}>
              {tabs.map((t) => (
                <button
                  key={t._uid}
                  type="button"
                  role="tab"
                  aria-selected={t === tab}
                  className={t === tab ? `${styles.tab} ${styles.activeTab}` : styles.tab}
                  onClick={() => setTabId(t._uid)}
                >
                  <RichText inline value={t.tab_title} />
                </button>
              ))}
            </nav>
            {tab && (
              <div role="tabpanel" className={styles.pad}>
                <h3 className={styles.tabTitle}>
                  <RichText inline value={tab.title} />
                </h3>
                <RichText value={tab.body} />
                {tab.faq.length > 0 && <HelpAccordion items={tab.faq} />}
                {tab.call_me_up && <CallBackForm />}
              </div>
            )}
          </>
        )}
      </section>
    </div>
  );
}
