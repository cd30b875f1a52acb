import type { BetSummary } from '@dau/contracts/betting/bet-history';
import { formatMoney, fromUnits } from '@dau/domain/money';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
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
 * The dropped-open bet card: the newest open bets as cards linking to their details, with
 * loading, error and empty states, and a link to all bets. Opening it clears the notify flag.
 */
export function BetCardPanel({ id }: { id: string }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  useEffect(() => {
    useShellStore.setState({ betsNotify: false });
    const controller = new AbortController();
    fetchOpenBets(controller.signal)
      .then((answer) => {
        setLoad({ kind: 'done', bets: answer.items });
        useShellStore.setState({ openBets: answer.totalCount });
      })
      .catch(() => !controller.signal.aborted && setLoad({ kind: 'error' }));
    return () => controller.abort();
  }, []);
  return (
    <div id={id} className={styles.panel} role="region" aria-label={t('openBets')}>
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
  );
}
