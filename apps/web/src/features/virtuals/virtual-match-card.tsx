import type { VirtualMarket, VirtualMatch } from '@dau/contracts/virtuals/virtuals';
import { virtualPickIds } from '@dau/domain/virtuals/virtual-slip';
import { pickKey, toggleSelection, useBetslipStore } from '../../lib/betslip-store';
import { tv, type VirtualsKey } from './virtuals-strings';
import styles from './virtuals.module.css';

const MARKET_NAME: Record<string, VirtualsKey> = {
  '1x2': 'market1x2',
  dc: 'marketDc',
  ou25: 'marketOu25',
  btts: 'marketBtts',
  cs: 'marketCs',
};
const OUTCOME_NAME: Record<string, VirtualsKey> = {
  over: 'over',
  under: 'under',
  yes: 'yes',
  no: 'no',
  other: 'otherScore',
};

export const marketName = (market: Pick<VirtualMarket, 'key' | 'name'>) => {
  const key = MARKET_NAME[market.key];
  return key ? tv(key) : market.name;
};
const outcomeName = (key: string) => {
  const text = OUTCOME_NAME[key];
  return text ? tv(text) : key;
};

function Price({
  matchdayId,
  kickoffAt,
  match,
  market,
  outcome,
}: {
  matchdayId: number;
  kickoffAt: string;
  match: VirtualMatch;
  market: VirtualMarket;
  outcome: VirtualMarket['outcomes'][number];
}) {
  const ids = virtualPickIds(matchdayId, match.index, market.key, outcome.key);
  const key = ids ? pickKey(ids.eventId, ids.marketUid, ids.outcomeId) : '';
  const selected = useBetslipStore((s) => Boolean(s.virtual.selections[key]));
  const label = outcomeName(outcome.key);
  if (!ids) return null;
  return (
    <button
      type="button"
      className={selected ? `${styles.price} ${styles.priceSelected}` : styles.price}
      disabled={outcome.odds === null}
      aria-pressed={selected}
      data-outcome={`${ids.eventId}:${ids.marketUid}:${ids.outcomeId}`}
      aria-label={`${label} ${outcome.odds === null ? tv('notOffered') : outcome.odds.toFixed(2)}, ${
        match.home.code
      }-${match.away.code} ${marketName(market)}`}
      onClick={() =>
        outcome.odds !== null &&
        toggleSelection(
          {
            ...ids,
            odds: outcome.odds,
            marketName: marketName(market),
            outcomeName: label,
            eventName: `${match.home.name} - ${match.away.name}`,
            isLive: false,
            kickOff: kickoffAt,
          },
          'virtual',
        )
      }
    >
      <span className={styles.priceLabel}>{label}</span>{' '}
      <span className={styles.priceValue}>
        {outcome.odds === null ? '–' : outcome.odds.toFixed(2)}
      </span>
    </button>
  );
}

/** One match of the open matchday: 1X2 in sight, the other markets behind "More markets". */
export function VirtualMatchCard({
  matchdayId,
  kickoffAt,
  match,
}: {
  matchdayId: number;
  kickoffAt: string;
  match: VirtualMatch;
}) {
  const [main, ...more] = match.markets;
  const prices = (market: VirtualMarket) =>
    market.outcomes.map((o) => (
      <Price
        key={o.key}
        matchdayId={matchdayId}
        kickoffAt={kickoffAt}
        match={match}
        market={market}
        outcome={o}
      />
    ));
  return (
    <article className={styles.match} data-match={match.index}>
      <h3 className={styles.teams}>
        <span>
          <b>{match.home.code}</b> {match.home.name}
        </span>
        <span>
          <b>{match.away.code}</b> {match.away.name}
        </span>
      </h3>
      {main && <div className={styles.row}>{prices(main)}</div>}
      <details className={styles.more}>
        <summary>{tv('moreMarkets')}</summary>
        {more.map((market) => (
          <section key={market.key} aria-label={marketName(market)}>
            <h4>{marketName(market)}</h4>
            <div className={market.key === 'cs' ? styles.grid : styles.row}>{prices(market)}</div>
          </section>
        ))}
      </details>
    </article>
  );
}
