import { COOKIES } from '@dau/contracts/http';
import { useEffect, useState } from 'react';
import { hasCookie } from '../../lib/cookies';
import { t } from '../../lib/i18n';
import styles from './splash.module.css';

/**
 * The intro splash (spec doc 1 §2): once per session, fades out by itself within about a
 * second (CSS alone, so also without JavaScript), and a tap dismisses it. The shell does not
 * render it for crawlers or lite browsers. "Seen" is a session cookie, so the server draws the
 * splash exactly when the browser would (ADR 180).
 */
export function Splash() {
  const [visible, setVisible] = useState(() => !hasCookie(COOKIES.splashSeen));
  useEffect(() => {
    document.cookie = `${COOKIES.splashSeen}=1; Path=/; SameSite=Lax`;
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
