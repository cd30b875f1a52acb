import { useEffect, type ReactNode } from 'react';
import styles from './payments.module.css';

/** Full-screen, right-aligned 450 px panel with a back chevron (doc 1 §2). Escape closes it. */
export function SideModal({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className={styles.backdrop} role="presentation">
      <div
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="side-modal-title"
      >
        <div className={styles.panelHeader}>
          <button type="button" className={styles.back} aria-label="Back" onClick={onClose}>
            ‹
          </button>
          <h2 id="side-modal-title">{title}</h2>
        </div>
        {children}
      </div>
    </div>
  );
}
