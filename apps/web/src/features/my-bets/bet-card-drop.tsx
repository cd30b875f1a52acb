import { formatMoney, fromUnits, type Cents } from '@dau/domain/money';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { currentSite } from '../../lib/site';
import { useBetHistory, useOpenBetsCount } from './api/bet-history';
import { clearBetNotify, useBetPushStore, useBetPushes, useStoredBetNotify } from './bet-pushes';
import { t, tf, type BettingKey } from '../../lib/betting-strings';
import styles from './my-bets.module.css';

/**
 * The header's My Bets entry with the bet-card dropdown (spec doc 1 §2): the open-bets count,
 * the notify dot (set by `BetsStatus_v2`, cleared when this drop opens) and the latest bets.
 * It also listens to the betting pushes for the whole app while the user is signed in.
 */
export function BetCardDrop({ label, className }: { label: string; className?: string }) {
  // The header sits outside the pages' provider; this is the same client.
  return (
    <QueryClientProvider client={queryClient}>
      <BetDropButton
        label={label}
        className={className ? `${className} ${styles.plain}` : (styles.dropButton ?? '')}
      />
    </QueryClientProvider>
  );
}

function BetDropButton({ label, className }: { label: string; className: string }) {
  useBetPushes(true);
  useStoredBetNotify();
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const pushed = useBetPushStore((s) => s.openBets);
  const notify = useBetPushStore((s) => s.notify);
  const count = useOpenBetsCount(pushed === null);
  const openBets = pushed ?? count.data?.totalCount ?? 0;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <div className={styles.drop}>
      <button
        type="button"
        className={className}
        aria-expanded={open}
        aria-controls="bet-drop"
        // The name starts with the visible text (label, count) so speech matches the screen.
        aria-label={`${label}${openBets > 0 ? ` ${openBets}` : ''}, ${tf('openCount', { n: openBets })}${notify ? `, ${t('newUpdates')}` : ''}`}
        onClick={() => {
          setOpenOn(open ? null : pathname);
          clearBetNotify();
        }}
      >
        {label}
        {openBets > 0 && ' '}
        {openBets > 0 && (
          <span className={styles.count} data-testid="open-bets">
            {openBets}
          </span>
        )}
        {notify && <span className={styles.dot} data-testid="bet-notify" aria-hidden="true" />}
      </button>
      {open && <BetDropList label={label} onClose={() => setOpenOn(null)} />}
    </div>
  );
}

const STATUS_TEXT: Record<string, BettingKey> = {
  open: 'statusOpen',
  won: 'statusWon',
  lost: 'statusLost',
  void: 'statusVoid',
};

function BetDropList({ label, onClose }: { label: string; onClose: () => void }) {
  const history = useBetHistory({ page: 1 });
  const site = currentSite();
  const bets = history.data?.items.slice(0, 5) ?? [];
  return (
    <div id="bet-drop" className={styles.dropPanel} role="region" aria-label={label}>
      {history.isPending ? (
        <p className={styles.muted}>{t('loadingBets')}</p>
      ) : history.isError ? (
        <p className={styles.muted}>{t('betsLoadFailed')}</p>
      ) : bets.length === 0 ? (
        <p className={styles.muted}>{t('noBetsYet')}</p>
      ) : (
        <ul className={styles.dropList}>
          {bets.map((bet) => (
            <li key={bet.betId}>
              <Link to={`/my-bets/bet-history-v2/${bet.betId}`} onClick={onClose}>
                <span>
                  {t('bet')} {bet.betId} · {tf('picks', { n: bet.selectionsCount })}
                </span>
                <span className={styles[bet.status]}>
                  {t(STATUS_TEXT[bet.status] ?? 'statusOpen')}
                </span>
                <small>
                  {formatMoney(
                    (fromUnits(bet.figures.stake) + fromUnits(bet.figures.freebetStake)) as Cents,
                    site,
                  )}{' '}
                  @ {bet.figures.totalOdds.toFixed(2)}
                </small>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link className={styles.dropAll} to={site.features.myBetsPath} onClick={onClose}>
        {t('allBets')}
      </Link>
    </div>
  );
}
