import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchLabels } from '../../lib/content-client';
import styles from './content-banners.module.css';
import { t } from './deferred-shell-strings';

/** The labels datasource the spec reads (doc 1 §7), also carrying the banner texts. */
const LABELS_DATASOURCE = 'labels_page_withdrawal';

/**
 * Which content banners show (spec doc 1 §2): the alert message when the content has one, and
 * the app-update notice when the Android app's `versionName` differs from the content's
 * `android_app_version`.
 */
export function contentBanners(
  labels: Record<string, string>,
  search: string,
): { alert: string | null; appUpdate: boolean } {
  const alert = labels.alert_message?.trim() || null;
  const versionName = new URLSearchParams(search).get('versionName');
  const latest = labels.android_app_version?.trim();
  return { alert, appUpdate: Boolean(versionName && latest && versionName !== latest) };
}

export function ContentBanners() {
  const [banners, setBanners] = useState<{ alert: string | null; appUpdate: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    // Labels are optional decoration: without them no banner shows.
    fetchLabels(LABELS_DATASOURCE)
      .then((labels) => live && setBanners(contentBanners(labels, location.search)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!banners) return null;
  return (
    <>
      {banners.alert && (
        <p className={styles.alert} role="status">
          {banners.alert}
        </p>
      )}
      {banners.appUpdate && (
        <p className={styles.update} role="status">
          {t('appUpdate')} <Link to="/android-app">{t('updateNow')}</Link>
        </p>
      )}
    </>
  );
}
