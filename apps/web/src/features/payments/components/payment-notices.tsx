import { usePaymentsStore } from '../store';
import { ToastPortal } from '../../../lib/toast-slot';
import styles from './payments.module.css';

/**
 * Payment notifications (350 px, in the toast slot: under the header or an open modal's title,
 * covering nothing) and the 4-second coin animation.
 */
export function PaymentNotices() {
  const notices = usePaymentsStore((s) => s.notices);
  const coins = usePaymentsStore((s) => s.coins);
  return (
    <>
      {notices.length > 0 && (
        <ToastPortal>
          <div className={styles.notices} aria-live="polite">
            {notices.map((n) => (
              <p
                key={n.id}
                className={
                  n.tone === 'danger' ? `${styles.notice} ${styles.danger}` : styles.notice
                }
                role={n.tone === 'danger' ? 'alert' : 'status'}
              >
                {n.text}
              </p>
            ))}
          </div>
        </ToastPortal>
      )}
      {coins && (
        // Drawn coins, not the 🪙 emoji: older Android phones have no glyph for it.
        <div className={styles.coins} data-testid="coin-animation" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <span key={i} className={styles.coin} />
          ))}
        </div>
      )}
    </>
  );
}
