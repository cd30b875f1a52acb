import { useState } from 'react';
import { chooseLanguage, currentLanguage, currentSite } from '../../lib/site';
import styles from './header.module.css';
import { featureStrings } from '../../lib/i18n';

// Only site 4 loads this chunk, so its words stay out of every site's first load.
const { t } = featureStrings(
  { chooseLanguage: 'Choose your language', language: 'Language' },
  { chooseLanguage: 'Chagua lugha yako', language: 'Lugha' },
);

/**
 * Site 4's language choice (Kiswahili sw-tz, English en-tz): a locale cookie for a year, then a
 * full page load so every string and story is read again in the new language. In the header it
 * is the short code (SW); in the site menu a full row ("Lugha · SW"), since a signed-in header on
 * a 360 px phone has no room left for it (issue #16).
 */
export function LanguageSwitch({
  className = styles.button,
  inMenu = false,
}: {
  className?: string;
  inMenu?: boolean;
}) {
  const site = currentSite();
  const [open, setOpen] = useState(false);
  if (!site.features.languagePicker || site.languages.length === 0) return null;
  const current = currentLanguage(site);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {inMenu ? `${t('language')} · ${current.toUpperCase()}` : current.toUpperCase()}
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
                  chooseLanguage(language.locale);
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
