import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useModalToastSlot } from '../lib/toast-slot';
import styles from './side-modal.module.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Full-screen, right-aligned 450 px panel with a back chevron (doc 1 §2): the deposit,
 * withdrawal, login and account-menu modals. Escape and a tap on the backdrop close it; focus
 * moves into the panel, stays there while it is open, and returns to the opener on close.
 */
export function SideModal({
  title,
  onClose,
  children,
  closeLabel = 'Back',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  closeLabel?: string;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const toasts = useRef<HTMLDivElement>(null);
  useModalToastSlot(toasts);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  useEffect(() => {
    // The panel itself takes focus (not the first field, which would pop the keyboard up).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const trapTab = (event: React.KeyboardEvent) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className={styles.backdrop}
      role="presentation"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={panel}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={trapTab}
      >
        <div className={styles.panelHeader}>
          <button type="button" className={styles.back} aria-label={closeLabel} onClick={onClose}>
            ‹
          </button>
          <h2 id={titleId}>{title}</h2>
        </div>
        {/* Toasts while the modal is open: under its title, in the flow, covering nothing. */}
        <div ref={toasts} className={styles.toasts} />
        {children}
      </div>
    </div>
  );
}
