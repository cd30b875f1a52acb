import { VIRTUALS_PATHS } from '@dau/contracts/virtuals/paths';
import type { VirtualBet, VirtualHistoryResponse } from '@dau/contracts/virtuals/virtuals';
import { groupOddsText } from '@dau/domain/odds';
import { apiFetch } from '../../lib/api-client';
import { t as tCore } from '../../lib/i18n';
import { currentSite } from '../../lib/site';
import { useFetched } from '../../lib/use-fetched';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { t, type BettingKey } from '../../lib/betting-strings';
import { money, siteTime } from './bet-format';
import { tfm, tm } from './my-bets-strings';
import { tabs } from './my-bets-tabs';
import styles from './my-bets.module.css';

const STATUS: Record<VirtualBet['status'], BettingKey> = {
  open: 'statusOpen',
  won: 'statusWon',
  lost: 'statusLost',
  void: 'statusVoid',
};

function VirtualBetRow({ bet }: { bet: VirtualBet }) {
  return (
    <li className={styles.bet} data-bet-id={bet.betId} data-status={bet.status}>
      <span className={styles.betHead}>
        <b>
          {bet.betType === 'multiple' ? `${t('multiple')} (${bet.legs.length})` : t('single')} ·{' '}
          {t('bet')} {bet.betId}
        </b>
        <span className={`${styles.badge} ${styles[bet.status]}`}>{t(STATUS[bet.status])}</span>
      </span>
      <small className={styles.muted}>{tfm('matchday', { n: bet.matchdayId })}</small>
      <ul className={styles.legs}>
        {bet.legs.map((leg) => (
          <li key={leg.matchIndex} data-result={leg.result}>
            <span className={styles.betHead}>
              <span>{leg.eventName}</span>
              {leg.score && <b>{leg.score}</b>}
            </span>
            <small className={styles.muted}>
              {leg.marketName}: <b>{leg.outcomeName}</b> @ {leg.odds.toFixed(2)}
            </small>
          </li>
        ))}
      </ul>
      <span className={styles.betFigures}>
        <span>
          {t('stake')} <b>{money(bet.stake)}</b>
        </span>
        <span>
          {t('odds')} <b>{groupOddsText(bet.totalOdds, currentSite().locale)}</b>
        </span>
        <span>
          {bet.status === 'open' ? t('possiblePayout') : t('paid')}{' '}
          <b data-testid="bet-payout">
            {money(bet.status === 'open' ? bet.potentialWin : bet.payout)}
          </b>
        </span>
      </span>
      <small className={styles.muted}>{siteTime(bet.placedAt)}</small>
    </li>
  );
}

/**
 * My Bets → Virtuals (issue #14 item 2): the user's virtual bets, newest first, each with its
 * legs and, once the matchday is settled, the scores.
 */
export function VirtualBetsPage() {
  // Open bets settle within minutes: the list refreshes itself while it is on screen.
  const history = useFetched<VirtualHistoryResponse>(
    'virtual-bets',
    (signal) => apiFetch({ base: 'core', path: VIRTUALS_PATHS.history, method: 'GET', signal }),
    { refetchMs: 5_000 },
  );
  const items = history.data?.items;
  return (
    <PageFrame title={tCore('myBets')} tabs={tabs()}>
      {!items ? (
        <p className={styles.muted} role="status">
          {t('loadingBets')}
        </p>
      ) : items.length === 0 ? (
        <EmptyState
          message={tm('noVirtualBets')}
          action={{ to: '/virtuals', label: tm('playVirtuals') }}
        />
      ) : (
        <ul className={styles.bets}>
          {items.map((bet) => (
            <VirtualBetRow key={bet.betId} bet={bet} />
          ))}
        </ul>
      )}
    </PageFrame>
  );
}
