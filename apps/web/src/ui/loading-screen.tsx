import styles from './loading-screen.module.css';
import { t } from '../lib/i18n';

/** The loading screen (spec doc 1 §2): the word Loading and a spinner. */
export function LoadingScreen() {
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <span>{t('loadingPage')}</span>
    </div>
  );
}
