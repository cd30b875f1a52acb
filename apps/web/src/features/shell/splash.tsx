import { useEffect, useState } from 'react';
import { t } from '../../lib/i18n';
import styles from './splash.module.css';

const SEEN_KEY = 'dau:splash-seen';

function seenThisSession(): boolean {
  try {
    return sessionStorage.getItem(SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The intro splash (spec doc 1 §2): once per session, fades out by itself within about a
 * second, and a tap dismisses it. The shell does not render it for crawlers or lite browsers.
 */
export function Splash() {
  const [visible, setVisible] = useState(() => !seenThisSession());
  useEffect(() => {
    try {
      sessionStorage.setItem(SEEN_KEY, '1');
    } catch {
      // Private mode: the splash shows once per page load instead.
    }
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.splash}
      aria-label={t('skipIntro')}
      onClick={() => setVisible(false)}
      onAnimationEnd={() => setVisible(false)}
    >
      Dau<span>.</span>
    </button>
  );
}
