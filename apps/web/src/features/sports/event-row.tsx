import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import { t } from '../../lib/i18n';
import { memo } from 'react';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { formatDayTime } from '@dau/domain/site-time';
import { currentSite } from '../../lib/site';
import { sportsTuning, NORMAL_MODE, type SportsTuning } from './display-mode';
import { useLiveStore } from './live-store';
import { OddsButton } from './odds-button';
import { eventQueryKey, fetchEvent } from './sports-api';
import { eventPath } from './sports-route';
import styles from './sports.module.css';

/** The short labels bettors know from paper coupons: 1 / X / 2 for the teams and the draw. */
export function outcomeLabel(event: EventSummary, name: string): string {
  const short = (part: string) =>
    part === event.htn
      ? '1'
      : part === event.atn
        ? '2'
        : part.toLowerCase() === 'draw'
          ? 'X'
          : null;
  // Double chance: 'Home or draw' → '1X'.
  const parts = name.split(' or ').map(short);
  if (parts.every((part) => part !== null)) return parts.join('');
  return capitalise(name);
}

/** Kick-off in the site's clock (Zambia UTC+2, the others UTC+3), 'dd/MM HH:mm'. */
export function kickOffText(iso: string): string {
  return formatDayTime(iso, currentSite().timeOffsetMinutes);
}

export function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

export function chosenMarket(
  event: EventSummary,
  marketId: number,
  specifier: string,
): MarketGroup | undefined {
  return event.odds.find((m) => m.id === marketId && (!specifier || m.sp === specifier));
}

const NORMAL_TUNING = sportsTuning(NORMAL_MODE);

/**
 * One event of a list. It reads the event's live state (score, clock, removal) from the store;
 * prices live in the odds buttons, so a price push does not re-render the row.
 */
export const EventRow = memo(function EventRow({
  event,
  marketId,
  specifier,
  tuning = NORMAL_TUNING,
}: {
  event: EventSummary;
  marketId: number;
  specifier: string;
  /** Compact and data-saving choices (`display-mode.ts`). */
  tuning?: SportsTuning;
}) {
  // What the row draws, not the store's record (like the odds buttons, ADR 189): the list's
  // first seeding of the store with the state it already shows re-renders no row (ADR 196).
  const { removed, isLive, score, clock, finished } = useLiveStore(
    useShallow((s) => {
      const live = s.events[event.id];
      const status = live?.st ?? event.st;
      return {
        removed: live?.removed ?? false,
        isLive: live?.isLive ?? event.isLive,
        score: live?.sc ?? event.sc,
        clock: live?.mt || event.mt || status,
        finished: live?.finished ?? false,
      };
    }),
  );
  if (removed) return null;
  const [home = '', away = ''] = score.split(':');
  const market = chosenMarket(event, marketId, specifier);
  const suspended = event.ibs || (market ? market.ibs || market.s !== 1 : false);
  const moreMarkets = Math.max(0, event.nro - 1);
  // The event page's data is fetched while the finger is still on the row (not when saving data),
  // into the app's one query client; on home that loads TanStack Query then, not before (ADR 004).
  const prefetch = tuning.prefetch
    ? () =>
        void import('../../lib/query-client').then(({ queryClient }) =>
          queryClient.prefetchQuery({
            queryKey: eventQueryKey(event.id),
            queryFn: ({ signal }) => fetchEvent(event.id, signal),
          }),
        )
    : undefined;
  return (
    <li
      className={tuning.oneLineRows ? `${styles.row} ${styles.rowCompact}` : styles.row}
      data-event-id={event.id}
      data-layout={tuning.oneLineRows ? 'compact' : 'full'}
    >
      <Link
        to={eventPath(event)}
        className={styles.rowLink}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
      >
        <span className={styles.rowMeta}>
          {isLive ? (
            <span className={styles.clock}>
              <span className={styles.liveDot} aria-hidden="true" />
              {clock}
            </span>
          ) : (
            <time dateTime={event.edt}>{kickOffText(event.edt)}</time>
          )}
          {suspended && <span className={styles.suspended}>{t('suspended')}</span>}
          {finished && <span className={styles.suspended}>{t('ended')}</span>}
          {tuning.showMarketCount && <span className={styles.more}>+{moreMarkets}</span>}
        </span>
        <span className={styles.team}>
          <span>{event.htn}</span>
          {isLive && <b>{home}</b>}
        </span>
        <span className={styles.team}>
          <span>{event.atn}</span>
          {isLive && <b>{away}</b>}
        </span>
      </Link>
      <div className={styles.rowOdds}>
        {market ? (
          market.m.map((outcome) => (
            <OddsButton
              key={outcome.id}
              eventId={event.id}
              eventName={event.n}
              isLive={isLive}
              kickOff={kickOffText(event.edt)}
              marketUid={market.uid}
              marketName={market.n}
              outcomeId={outcome.id}
              label={outcomeLabel(event, outcome.n)}
              pickName={capitalise(outcome.n)}
              odds={outcome.o}
              blocked={suspended || outcome.ibs}
            />
          ))
        ) : (
          <span className={styles.noMarket}>{t('marketNotOffered')}</span>
        )}
      </div>
    </li>
  );
});

/** Events grouped by league in the order the list gives them. */
export function groupByLeague(
  events: readonly EventSummary[],
): { key: string; title: string; events: EventSummary[] }[] {
  const groups = new Map<string, { key: string; title: string; events: EventSummary[] }>();
  for (const event of events) {
    const key = String(event.tid);
    let group = groups.get(key);
    if (!group) {
      group = { key, title: `${event.lcn} · ${event.ltn}`, events: [] };
      groups.set(key, group);
    }
    group.events.push(event);
  }
  return [...groups.values()];
}

/** Events grouped by league, each group a card with its rows (lists and home slots). */
export function EventGroups({
  events,
  marketId,
  specifier,
  tuning,
}: {
  events: readonly EventSummary[];
  marketId: number;
  specifier: string;
  tuning?: SportsTuning;
}) {
  return groupByLeague(events).map((group) => (
    <section key={group.key} className={styles.league} aria-label={group.title}>
      <h2 className={styles.leagueTitle}>{group.title}</h2>
      <ul className={styles.rows}>
        {group.events.map((event) => (
          <EventRow
            key={event.id}
            event={event}
            marketId={marketId}
            specifier={specifier}
            tuning={tuning}
          />
        ))}
      </ul>
    </section>
  ));
}
