import type { BetSummary } from '@dau/contracts/betting/bet-history';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { t } from '../../lib/i18n';
import { currentSite } from '../../lib/site';
import { fetchOpenBets } from './api/open-bets';
import styles from './bet-card.module.css';
import { useShellStore } from './shell-store';

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'done'; bets: BetSummary[] };

const money = (units: number) => formatMoney(fromUnits(units), currentSite());

function BetCardItem({ bet }: { bet: BetSummary }) {
  const f = bet.figures;
  const kind = bet.betType === 'single' ? t('betSingle') : t('betMultiple');
  return (
    <li>
      <Link className={styles.card} to={`/my-bets/bet-history-v2/${bet.betId}`}>
        <span className={styles.cardHead}>
          <strong>{kind}</strong>
          <span>
            {bet.selectionsCount} {bet.selectionsCount === 1 ? t('selection') : t('selections')}
          </span>
          <span className={styles.odds}>{f.totalOdds.toFixed(2)}</span>
        </span>
        <span className={styles.cardFigures}>
          <span>
            {t('stake')} {money(f.stake + f.freebetStake)}
          </span>
          <span>
            {t('possibleWin')} <strong>{money(f.netPayout)}</strong>
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The bet card in the header (doc 1 §2, §4): the open-bets count with the notify dot; dropped
 * open it lists the newest open bets as cards linking to their details, and clears the flag.
 * A route change, Escape or a tap elsewhere closes it.
 */
export function BetCard() {
  const count = useShellStore((s) => s.openBets);
  const notify = useShellStore((s) => s.betsNotify);
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    useShellStore.setState({ betsNotify: false });
    const controller = new AbortController();
    fetchOpenBets(controller.signal)
      .then((answer) => {
        setLoad({ kind: 'done', bets: answer.items });
        useShellStore.setState({ openBets: answer.totalCount });
      })
      .catch(() => !controller.signal.aborted && setLoad({ kind: 'error' }));
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      controller.abort();
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
        aria-controls={panelId}
        onClick={() => {
          if (!open) setLoad({ kind: 'loading' });
          setOpenOn(open ? null : pathname);
        }}
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
        <div id={panelId} className={styles.panel} role="region" aria-label={t('openBets')}>
          <p className={styles.heading}>{t('openBets')}</p>
          {load.kind === 'loading' && (
            <p className={styles.note} role="status">
              {t('loading')}
            </p>
          )}
          {load.kind === 'error' && (
            <p className={styles.note} role="alert">
              {t('betsUnavailable')}
            </p>
          )}
          {load.kind === 'done' && load.bets.length === 0 && (
            <p className={styles.note}>
              {t('noOpenBets')} <Link to="/sports">{t('placeABet')}</Link>
            </p>
          )}
          {load.kind === 'done' && load.bets.length > 0 && (
            <ul className={styles.list}>
              {load.bets.map((bet) => (
                <BetCardItem key={bet.betId} bet={bet} />
              ))}
            </ul>
          )}
          <Link className={styles.all} to={currentSite().features.myBetsPath}>
            {t('allMyBets')}
          </Link>
        </div>
      )}
    </div>
  );
}
