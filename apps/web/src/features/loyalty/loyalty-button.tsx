import { lazy, Suspense, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useLocation } from 'react-router';
import { t, tf } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session-store';
import styles from './loyalty.module.css';
import { clearLoyalty, useLoyaltyStore } from './store';

// The pop-up (texts, dates, money) loads when first opened: the button is in the entry chunk.
const LoyaltyPopup = lazy(() =>
  import('./loyalty-popup').then((m) => ({ default: m.LoyaltyPopup })),
);

// The progress request and pushes load for signed-in users only (ADR 182).
const sync = () => import('./loyalty-sync');
const refresh = () => sync().then((m) => m.refreshLoyalty());

/**
 * The header's loyalty button and its 200 px pop-up (spec doc 1 §2, doc 2 §3): a ring filled to
 * progressPrc, and in the pop-up progressCount of progressTargetCount, the rule and the reward.
 */
export function LoyaltyButton() {
  const authenticated = useSessionStore((s) => s.isAuthenticated);
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const stored = useLoyaltyStore((s) => s.progress);
  const status = useLoyaltyStore((s) => s.status);
  useEffect(() => {
    if (!authenticated) {
      clearLoyalty();
      return;
    }
    let live = true;
    let stop: (() => void) | undefined;
    void sync().then(({ refreshLoyalty, watchLoyaltyPushes }) => {
      if (!live) return;
      void refreshLoyalty();
      stop = watchLoyaltyPushes();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [authenticated]);
  const popupId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const progress = authenticated ? stored : null;
  const percent = progress?.progressPrc ?? 0;
  const label = progress
    ? tf('loyaltyLabel', { count: progress.progressCount, target: progress.progressTargetCount })
    : t('loyalty');
  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.button}
        aria-label={label}
        aria-expanded={open}
        aria-controls={popupId}
        data-done={progress?.rewardGranted ? 'true' : undefined}
        style={{ '--loyalty-progress': `${percent}%` } as CSSProperties}
        onClick={() => {
          setOpenOn(open ? null : pathname);
          if (!open && authenticated) void refresh();
        }}
      >
        <span className={styles.star} aria-hidden="true">
          ★
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <LoyaltyPopup
            id={popupId}
            authenticated={authenticated}
            progress={progress}
            failed={status === 'error'}
          />
        </Suspense>
      )}
    </div>
  );
}
