import { useState } from 'react';
import styles from './splash.module.css';

const SEEN_KEY = 'dau:splash-seen';

function seenThisSession(): boolean {
  try {
    if (sessionStorage.getItem(SEEN_KEY)) return true;
    sessionStorage.setItem(SEEN_KEY, '1');
  } catch {
    // Private mode: show it, once per load.
  }
  return false;
}

/**
 * The intro splash (spec doc 1 §2): once per session, fades out by itself within about a
 * second, and a tap dismisses it. The shell does not render it for crawlers or lite browsers.
 */
export function Splash() {
  const [visible, setVisible] = useState(() => !seenThisSession());
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.splash}
      aria-label="Skip intro"
      onClick={() => setVisible(false)}
      onAnimationEnd={() => setVisible(false)}
    >
      Dau<span>.</span>
    </button>
  );
}
