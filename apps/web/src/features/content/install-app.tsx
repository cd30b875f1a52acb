import { useState } from 'react';
import { promptInstall, useInstall } from '../../lib/installable';
import { t } from './content-strings';
import styles from './content.module.css';

/**
 * The install offer of `/android-app` (issue #18 item 5): Dau is a web app the phone installs
 * from the browser (manifest and service worker, ADR 181). Where the browser offers it, a button
 * opens its dialog; elsewhere (and without JavaScript) the page says how to add it by hand.
 */
export function InstallApp() {
  const { canPrompt, installed } = useInstall();
  const [declined, setDeclined] = useState(false);
  return (
    <section className={styles.install} aria-labelledby="install-dau">
      <h2 id="install-dau">{t('installTitle')}</h2>
      {installed ? (
        <p role="status">{t('installDone')}</p>
      ) : canPrompt ? (
        <button
          type="button"
          className={styles.button}
          onClick={() => void promptInstall().then((accepted) => setDeclined(!accepted))}
        >
          {t('installButton')}
        </button>
      ) : (
        <p>{declined ? t('installLater') : t('installByHand')}</p>
      )}
    </section>
  );
}
