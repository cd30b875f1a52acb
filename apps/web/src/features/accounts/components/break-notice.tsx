import type { ResponsibleGamblingState } from '@dau/contracts/accounts/responsible-gambling';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { currentLanguage, currentSite } from '../../../lib/site';
import { t, tf } from '../account-strings';
import styles from '../account-forms.module.css';

export type StartedLimit = NonNullable<ResponsibleGamblingState['active']>;

/** The state the settings page hands to /login after a break or self-exclusion started. */
export interface BreakStartedState {
  limitStarted: StartedLimit;
}

/** '24 Nov 2026, 14:05 (UTC+3)' in the site's clock and the user's language. */
export function siteDateTime(iso: string): string {
  const site = currentSite();
  const hours = site.timeOffsetMinutes / 60;
  const formatted = new Intl.DateTimeFormat(currentLanguage() === 'sw' ? 'sw-TZ' : site.locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    // Etc/GMT-3 is UTC+3: the sign of these zone names is inverted.
    timeZone: `Etc/GMT${hours >= 0 ? '-' : '+'}${Math.abs(hours)}`,
  }).format(new Date(iso));
  return `${formatted} (UTC${hours >= 0 ? '+' : '-'}${Math.abs(hours)})`;
}

/**
 * After a break or self-exclusion starts, the user is signed out and lands on the login page:
 * this says so at the top, until when, and what a restricted sign-in still allows (ADR 031).
 */
export function BreakStartedNotice() {
  const { state } = useLocation();
  const limit = (state as Partial<BreakStartedState> | null)?.limitStarted;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!limit) return;
    window.scrollTo(0, 0);
    ref.current?.focus();
  }, [limit]);
  if (!limit) return null;
  const until = siteDateTime(limit.endsAt);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      role="status"
      className={styles.notice}
      aria-labelledby="break-notice-title"
    >
      <h2 id="break-notice-title">{t('signedOutForBreak')}</h2>
      <p>{tf(limit.kind === 'self_exclusion' ? 'exclusionStarted' : 'breakStarted', { until })}</p>
      <p>{t('breakRules')}</p>
      <Link to="/company/responsible-gambling">{t('breakHelp')}</Link>
    </section>
  );
}
