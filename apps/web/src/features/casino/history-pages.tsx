import { formatMoney, fromUnits } from '@dau/domain/money';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { currentSite } from '../../lib/site';
import { nameFromSlug } from '../../lib/slug';
import { EmptyState, PageFrame, type Tab } from '../../ui/page-frame';
import { Pager } from '../../ui/pager';
import { HISTORY_PAGE_SIZE, useCasinoHistory, useWinners, type CasinoRound } from './api/history';
import { t, tf } from './casino-strings';
import styles from './casino.module.css';
import historyStyles from './history.module.css';
import { roundTime } from './round-time';

/**
 * Casino history (issue #13 item 7): the signed-in user's rounds, newest first, each linking to
 * its fairness proof. `/old` shows rounds older than 30 days; the Pragmatic Play page shows
 * that provider's rounds (none while no such provider is connected, and it says so).
 */
export const PRAGMATIC_PROVIDER = 'pragmatic-play';

function historyTabs(): Tab[] {
  return [
    { to: '/my-bets/bet-history-v2', label: t('sportsBets') },
    { to: '/my-bets/casino-history', label: t('casinoHistory') },
    { to: '/my-bets/casino-history/old', label: t('olderRounds') },
    { to: '/my-bets/casino-prag-stp-history', label: t('pragmaticRounds') },
  ];
}

const money = (units: number) => formatMoney(fromUnits(units), currentSite());

function RoundRow({ round }: { round: CasinoRound }) {
  const won = round.win > 0;
  return (
    <li className={historyStyles.round} data-testid="casino-round">
      <img className={historyStyles.thumb} src={round.game.image} alt="" width={64} height={48} />
      <div className={historyStyles.main}>
        <strong>{round.game.name}</strong>
        <span className={historyStyles.meta}>
          {roundTime(round.startedAt, currentSite().timeOffsetMinutes)}
          {round.status === 'open' && ` · ${t('roundOpen')}`}
          {round.status === 'rolled_back' && ` · ${t('roundRolledBack')}`}
        </span>
        <span className={historyStyles.meta}>
          {round.provablyFair ? (
            <Link
              to={`/fairness?round=${encodeURIComponent(round.roundId)}`}
              aria-label={tf('verifyRound', { id: round.roundId })}
            >
              {tf('roundId', { id: round.roundId })}
            </Link>
          ) : (
            tf('roundId', { id: round.roundId })
          )}
        </span>
      </div>
      <dl className={historyStyles.amounts}>
        <div>
          <dt>{t('stake')}</dt>
          <dd>{money(round.stake)}</dd>
        </div>
        <div>
          <dt>{t('win')}</dt>
          <dd className={won ? historyStyles.won : undefined}>{money(round.win)}</dd>
        </div>
      </dl>
    </li>
  );
}

export function CasinoHistoryPage() {
  const { pathname } = useLocation();
  const old = pathname.endsWith('/old');
  const pragmatic = pathname === '/my-bets/casino-prag-stp-history';
  const [page, setPage] = useState(0);
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setPage(0);
  }
  const history = useCasinoHistory({
    period: old ? 'old' : 'recent',
    provider: pragmatic ? PRAGMATIC_PROVIDER : undefined,
    page,
  });
  const title = pragmatic ? t('pragmaticRounds') : old ? t('olderRounds') : t('casinoHistory');
  const answer = history.data;
  let body;
  // No Pragmatic Play provider is configured: the server does not know it (404), say why.
  const noSuchProvider =
    pragmatic && history.error instanceof ApiError && history.error.status === 404;
  if (noSuchProvider || (pragmatic && answer?.rounds.length === 0)) {
    body = (
      <EmptyState
        message={t('pragmaticEmpty')}
        action={{ to: '/my-bets/casino-history', label: t('casinoHistory') }}
      />
    );
  } else if (history.isError && !answer) {
    body = (
      <div className={styles.error} role="alert">
        <p>{t('historyFailed')}</p>
        <button type="button" className={styles.button} onClick={() => void history.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  } else if (!answer) {
    body = <p className={styles.notice}>{t('loadingRounds')}</p>;
  } else if (answer.rounds.length === 0) {
    body = (
      <EmptyState
        message={old ? t('noOldRounds') : t('noRounds')}
        action={{ to: '/casino', label: t('goToCasino') }}
      />
    );
  } else {
    const pages = Math.ceil(answer.total / HISTORY_PAGE_SIZE);
    body = (
      <>
        <ul className={historyStyles.rounds} aria-label={title}>
          {answer.rounds.map((round) => (
            <RoundRow key={round.roundId} round={round} />
          ))}
        </ul>
        <Pager
          page={page + 1}
          pages={pages}
          onPage={(next) => setPage(next - 1)}
          label={t('pages')}
          newer={t('newer')}
          older={t('older')}
          position={tf('pageOf', { page: page + 1, pages })}
        />
      </>
    );
  }
  return (
    <PageFrame title={title} tabs={historyTabs()}>
      {body}
    </PageFrame>
  );
}

/**
 * /all-winners and /all-winners/{slug} (issue #13 item 7): the biggest recent wins from real
 * rounds and bets, names masked by the server.
 */
export function AllWinnersPage() {
  const { slug } = useParams();
  const winners = useWinners(slug);
  const list = winners.data?.winners;
  const gameName = list?.find((w) => w.gameSlug === slug)?.title;
  const title = slug
    ? tf('winnersOf', { name: gameName ?? nameFromSlug(slug, t('game')) })
    : t('allWinners');
  let body;
  if (winners.isError && !list) {
    body = (
      <div className={styles.error} role="alert">
        <p>{t('winnersFailed')}</p>
        <button type="button" className={styles.button} onClick={() => void winners.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  } else if (!list) {
    body = <p className={styles.notice}>{t('loadingWinners')}</p>;
  } else if (list.length === 0) {
    body = (
      <EmptyState
        message={slug ? t('noWinnersForGame') : t('noWinners')}
        action={{
          to: slug ? `/game/info/${encodeURIComponent(slug)}` : '/casino',
          label: slug ? t('play') : t('goToCasino'),
        }}
      />
    );
  } else {
    body = (
      <ul className={historyStyles.rounds} aria-label={title}>
        {list.map((winner, i) => (
          <li key={`${winner.at}-${i}`} className={historyStyles.round}>
            {winner.image ? (
              <img
                className={historyStyles.thumb}
                src={winner.image}
                alt=""
                width={64}
                height={48}
              />
            ) : (
              <span className={historyStyles.thumb} aria-hidden="true" />
            )}
            <div className={historyStyles.main}>
              <strong>{winner.player}</strong>
              <span className={historyStyles.meta}>
                {winner.gameSlug ? (
                  <Link to={`/all-winners/${encodeURIComponent(winner.gameSlug)}`}>
                    {winner.title}
                  </Link>
                ) : (
                  winner.title
                )}
                {winner.kind === 'jackpot' && ` · ${t('jackpotWin')}`}
              </span>
              <span className={historyStyles.meta}>
                {roundTime(winner.at, currentSite().timeOffsetMinutes)}
              </span>
            </div>
            <dl className={historyStyles.amounts}>
              <div>
                <dt>{t('win')}</dt>
                <dd className={historyStyles.won}>{money(winner.win)}</dd>
              </div>
              <div>
                <dt>{t('multiplier')}</dt>
                <dd>{`${winner.multiplier.toFixed(2)}×`}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <PageFrame
      title={title}
      tabs={slug ? [{ to: '/all-winners', label: t('allWinners') }] : undefined}
    >
      {body}
    </PageFrame>
  );
}
