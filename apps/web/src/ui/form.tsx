import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '../lib/hydration';
import { t } from './form-strings';
import styles from './form.module.css';

/**
 * A form of a server-rendered page (ADR 180). Its fields and buttons are disabled until the
 * page has hydrated: nothing typed or tapped before the JavaScript runs is lost or sent as a
 * plain browser submission (the method is POST, so nothing would ever land in a URL). Without
 * JavaScript the form says so in place.
 */
export function Form({ children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form method="post" {...props}>
      <fieldset className={styles.controls} disabled={!hydrated}>
        {children}
      </fieldset>
      {!hydrated && (
        <noscript>
          <p className={styles.needsJs}>{t('needsJavaScript')}</p>
        </noscript>
      )}
    </form>
  );
}
