import { formatMoney, fromUnits } from '@dau/domain/money';
import { Link, useParams } from 'react-router';
import { currentSite } from '../../lib/site';
import { nameFromSlug } from '../../lib/slug';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { useWinners } from './api/history';
import { t, tf } from './casino-strings';
import styles from './casino.module.css';
import historyStyles from './history.module.css';
import { roundTime } from './round-time';

const money = (units: number) => formatMoney(fromUnits(units), currentSite());

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
