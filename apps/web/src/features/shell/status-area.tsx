import { t } from '../../lib/i18n';
import { useAvailabilityStore } from '../../lib/availability-store';
import { useNotificationStore } from '../../lib/notification-store';
import { ToastPortal } from '../../lib/toast-slot';
import { CriticalNotices } from './critical-notices';
import styles from './status-area.module.css';

/** The site's critical notices and the producer-down banners (spec doc 1 §2, doc 2 §2 and §7). */
export function ProducerBanners() {
  const live = useAvailabilityStore((s) => s.liveBettingAvailable);
  const pre = useAvailabilityStore((s) => s.preMatchBettingAvailable);
  return (
    <>
      <CriticalNotices />
      {!live && (
        <p className={styles.banner} role="status">
          {t('liveBettingDisabled')}
        </p>
      )}
      {!pre && (
        <p className={styles.banner} role="status">
          {t('preMatchBettingDisabled')}
        </p>
      )}
    </>
  );
}

/**
 * The notification area (350 px wide); each type expires after its own time. It shows in the
 * toast slot (under the header, or under an open modal's title), so it covers nothing.
 */
export function NotificationArea() {
  const items = useNotificationStore((s) => s.items);
  const dismiss = useNotificationStore((s) => s.dismiss);
  if (items.length === 0) return null;
  return (
    <ToastPortal>
      <div className={styles.area} aria-live="polite">
        {items.map((item) => (
          <div key={item.id} className={`${styles.note} ${styles[item.tone]}`} role="status">
            <span>{item.message}</span>
            <button
              type="button"
              className={styles.dismiss}
              aria-label={t('dismiss')}
              onClick={() => dismiss(item.id)}
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastPortal>
  );
}
