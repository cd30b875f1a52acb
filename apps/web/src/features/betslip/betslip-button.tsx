import { formatOdds } from '@dau/domain/odds';
import { lazy, useEffect, useRef, useState } from 'react';
import { QueryBoundary } from '../../lib/query-boundary';
import { afterFirstPaint } from '../../lib/after-paint';
import { t, tf } from '../../lib/i18n';
import { setBetslipOpen, useBetslipStore } from '../../lib/betslip-store';
import styles from './betslip.module.css';

const BetslipDock = lazy(() => import('./betslip-dock').then((m) => ({ default: m.BetslipDock })));

/**
 * The floating betslip button of the home page, without the slip (ADR 004): the full
 * `BetslipDock` (slip sheet, placement, sharing, live rooms) loads on the first tap, on the
 * first selection made here, or — for a slip restored from the device — after the first paint,
 * and then takes this button's place with the same look.
 */
export function BetslipButton() {
  const count = useBetslipStore((s) => s.normal.numselections);
  const odds = useBetslipStore((s) => s.normal.comboodds);
  const open = useBetslipStore((s) => s.sheetOpen);
  const shakes = useBetslipStore((s) => s.shakes);
  const [wanted, setWanted] = useState(false);
  const shownCount = useRef(count);
  useEffect(() => {
    if (wanted) return;
    if (open || count > shownCount.current) {
      setWanted(true);
      return;
    }
    if (count === 0) return;
    let live = true;
    void afterFirstPaint().then(() => live && setWanted(true));
    return () => {
      live = false;
    };
  }, [wanted, open, count]);

  // The dock's button as it draws it (betslip-dock.tsx): the same name, shake and data marks;
  // `data-betslip-fab` is where a tapped price flies to.
  const name = t('betslip');
  const shake = shakes === 0 ? '' : shakes % 2 === 0 ? styles.shakeA : styles.shakeB;
  const button = (
    <button
      type="button"
      className={`${styles.fab} ${shake}`}
      onClick={() => {
        setBetslipOpen(true);
        setWanted(true);
      }}
      aria-label={count > 0 ? `${name}, ${tf('selectionsCount', { n: count })}` : name}
      data-betslip-fab="normal"
      data-shakes={shakes}
    >
      {count > 0 ? (
        <>
          <span className={styles.fabCount}>{count}</span>
          <span>{formatOdds(odds)}</span>
        </>
      ) : (
        name
      )}
    </button>
  );
  if (!wanted) return button;
  // The slip reads the balance through TanStack Query: it loads with the slip, not before.
  return (
    <QueryBoundary fallback={button}>
      {/* Home keeps the floating button on larger screens too (spec doc 1, Header). */}
      <BetslipDock dockable={false} />
    </QueryBoundary>
  );
}
