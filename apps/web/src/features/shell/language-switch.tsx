import { useState } from 'react';
import { COOKIES } from '@dau/contracts/http';
import { LOCALE_COOKIE_DAYS } from '@dau/domain/constants';
import { currentLanguage, currentSite } from '../../lib/site';
import styles from './header.module.css';
import { t } from '../../lib/i18n';

/**
 * Site 4's language choice (Kiswahili sw-tz, English en-tz): a locale cookie for a year, then a
 * full page load so every string and story is read again in the new language.
 */
export function LanguageSwitch() {
  const site = currentSite();
  const [open, setOpen] = useState(false);
  if (!site.features.languagePicker || site.languages.length === 0) return null;
  const current = currentLanguage(site);
  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {current.toUpperCase()}
      </button>
      {open && (
        <div className={styles.languageBackdrop} onClick={() => setOpen(false)}>
          <div
            role="dialog"
            aria-modal="true"
            aria-label={t('chooseLanguage')}
            className={styles.languageDialog}
            onClick={(e) => e.stopPropagation()}
          >
            {site.languages.map((language) => (
              <button
                key={language.locale}
                type="button"
                className={styles.languageOption}
                aria-pressed={language.code === current}
                onClick={() => {
                  document.cookie = `${COOKIES.locale}=${language.locale}; Max-Age=${LOCALE_COOKIE_DAYS * 86_400}; Path=/; SameSite=Lax`;
                  window.location.reload();
                }}
              >
                {language.label}
              </button>
            ))}
          </div>
        </div>
      )}
    </>
  );
}
