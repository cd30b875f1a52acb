import { usePaymentsStore } from '../store';
import styles from './payments.module.css';

/** Payment notifications (350 px, top right) and the 4-second coin animation. */
export function PaymentNotices() {
  const notices = usePaymentsStore((s) => s.notices);
  const coins = usePaymentsStore((s) => s.coins);
  return (
    <>
      <div className={styles.notices} aria-live="polite">
        {notices.map((n) => (
          <p
            key={n.id}
            className={n.tone === 'danger' ? `${styles.notice} ${styles.danger}` : styles.notice}
            role={n.tone === 'danger' ? 'alert' : 'status'}
          >
            {n.text}
          </p>
        ))}
      </div>
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
