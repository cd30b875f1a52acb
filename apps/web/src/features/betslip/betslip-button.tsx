import { formatOdds } from '@dau/domain/odds';
import { lazy, useEffect, useRef, useState } from 'react';
import { QueryBoundary } from '../../app/query-boundary';
import { afterFirstPaint } from '../../lib/after-paint';
import { setBetslipOpen, useBetslipStore } from './betslip-store';
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

  const button = (
    <button
      type="button"
      className={styles.fab}
      onClick={() => {
        setBetslipOpen(true);
        setWanted(true);
      }}
      aria-label={count > 0 ? `Betslip, ${count} selections` : 'Betslip'}
    >
      {count > 0 ? (
        <>
          <span className={styles.fabCount}>{count}</span>
          <span>{formatOdds(odds)}</span>
        </>
      ) : (
        'Betslip'
      )}
    </button>
  );
  if (!wanted) return button;
  // The slip reads the balance through TanStack Query: it loads with the slip, not before.
  return (
    <QueryBoundary fallback={button}>
      <BetslipDock />
    </QueryBoundary>
  );
}
