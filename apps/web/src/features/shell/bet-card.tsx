import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { t } from '../../lib/i18n';
import styles from './bet-card.module.css';
import { useShellStore } from './shell-store';

// The cards load when the bet card is first dropped open, not with every page.
const BetCardPanel = lazy(() =>
  import('./bet-card-panel').then((m) => ({ default: m.BetCardPanel })),
);

/**
 * The bet card in the header (doc 1 §2, §4): the open-bets count with the notify dot; dropped
 * open it lists the newest open bets. A route change, Escape or a tap elsewhere closes it.
 */
export function BetCard() {
  const count = useShellStore((s) => s.openBets);
  const notify = useShellStore((s) => s.betsNotify);
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
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

  const label =
    count === null ? t('openBets') : `${t('openBets')}: ${count}${notify ? ` (${t('new')})` : ''}`;
  return (
    <div className={styles.root} ref={root}>
      <button
        type="button"
        className={styles.toggle}
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M4 5h16v4a3 3 0 0 0 0 6v4H4v-4a3 3 0 0 0 0-6V5zm5 2v2h6V7H9zm0 4v2h6v-2H9z"
          />
        </svg>
        <span className={styles.count}>{count ?? '–'}</span>
        {notify && <span className={styles.dot} aria-hidden="true" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <BetCardPanel id={panelId} />
        </Suspense>
      )}
    </div>
  );
}
