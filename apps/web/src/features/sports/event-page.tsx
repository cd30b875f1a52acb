import type { EventSummary, MarketGroup } from '@dau/contracts/sports/event-summary';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { ApiError } from '../../lib/api-client';
import { PageFrame } from '../../ui/page-frame';
import { BetslipDock } from '../betslip/betslip-dock';
import { capitalise, kickOffText, outcomeLabel } from './event-row';
import { seedEvents, useLiveStore } from './live-store';
import { OddsButton } from './odds-button';
import { useProducerStatus } from './producer-status';
import { useSportsTuning } from './use-display-mode';
import { eventQueryKey, fetchEvent } from './sports-api';
import { watch } from './sports-feed';
import { specifierLabel } from './sports-route';
import { ts } from './sports-strings';
import styles from './sports.module.css';

/** Event status 5: the match was cancelled (its bets are void). */
const CANCELLED = 5;

/** Markets of one id (e.g. every total line) shown together, in the feed's order. */
export function groupMarkets(
  markets: readonly MarketGroup[],
): { id: number; name: string; lines: MarketGroup[] }[] {
  const groups = new Map<number, { id: number; name: string; lines: MarketGroup[] }>();
  for (const market of markets) {
    let group = groups.get(market.id);
    if (!group) {
      group = { id: market.id, name: groupName(market), lines: [] };
      groups.set(market.id, group);
    }
    group.lines.push(market);
  }
  return [...groups.values()];
}

/** 'Total 2.5' → 'Total': the group shows the name once, each line shows its value. */
function groupName(market: MarketGroup): string {
  const value = market.sp.split('=')[1];
  return value && market.n.endsWith(` ${value}`) ? market.n.slice(0, -value.length - 1) : market.n;
}

function marketState(market: MarketGroup): string | null {
  if (market.s === -1 || (market.ibs && market.s === 1)) return 'Suspended';
  if (market.s === 0) return 'Inactive';
  if (market.s < -1) return 'Closed';
  return null;
}

/** `/sports/:sportId/:catId/:subId/:id`: every market of one event (spec doc 2 §2). */
export function EventPage() {
  const params = useParams();
  useProducerStatus();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const event = useQuery({
    queryKey: eventQueryKey(id),
    // The fetch is skipped for a missing or non-numeric id.
    enabled: id !== null,
    queryFn: ({ signal }) => fetchEvent(id ?? 0, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
  useEffect(() => {
    if (event.data) seedEvents([event.data]);
  }, [event.data]);
  useEffect(() => (id === null ? undefined : watch([{ kind: 'event', id }])), [id]);
  const back = `/sports/${params.sportId ?? ''}/${params.catId ?? ''}/${params.subId ?? ''}`;

  if (id === null || event.isError) {
    return (
      <PageFrame title={ts('match')}>
        <div className={styles.error} role="alert">
          <p>{ts('matchUnavailable')}</p>
          <Link className={styles.retry} to={back}>
            {ts('moreMatches')}
          </Link>
        </div>
        <BetslipDock />
      </PageFrame>
    );
  }
  if (!event.data) {
    return (
      <PageFrame title={ts('match')}>
        <div className={styles.eventHead} aria-busy="true">
          <div className={styles.skeletonText} />
        </div>
        {[0, 1, 2].map((n) => (
          <div key={n} className={`${styles.market} ${styles.skeletonRow}`} />
        ))}
      </PageFrame>
    );
  }
  return <EventDetail event={event.data} back={back} />;
}

function EventDetail({ event, back }: { event: EventSummary; back: string }) {
  // What the page draws, not the store's record: seeding the store after hydrating with the
  // state already shown re-renders nothing (ADR 196).
  const { finished, isLive, score, cancelled, clock, status } = useLiveStore(
    useShallow((s) => {
      const live = s.events[event.id];
      const ended = live?.finished || event.finished;
      return {
        finished: ended,
        isLive: !ended && (live?.isLive ?? event.isLive),
        score: (live?.sc || event.sc).replace(':', ' : '),
        cancelled: (live?.ms ?? event.ms) === CANCELLED,
        clock: live?.mt || event.mt,
        status: live?.st ?? event.st,
      };
    }),
  );
  const { openMarketGroups } = useSportsTuning();
  return (
    <PageFrame title={event.n}>
      <div className={styles.eventHead}>
        <Link to={back} className={styles.crumb}>
          {event.lcn} · {event.ltn}
        </Link>
        <div className={styles.scoreboard}>
          <span>{event.htn}</span>
          <b className={styles.score} data-testid="event-score">
            {(isLive || (finished && !cancelled)) && score ? score : 'vs'}
          </b>
          <span>{event.atn}</span>
        </div>
        <p className={styles.eventTime}>
          {finished ? (
            <span data-testid="event-ended">
              {cancelled ? ts('cancelled') : `${ts('fullTime')} · ${ts('finalScore')} ${score}`}
            </span>
          ) : isLive ? (
            <>
              <span className={styles.liveDot} aria-hidden="true" /> {clock} {status}
            </>
          ) : (
            <time dateTime={event.edt}>{kickOffText(event.edt)}</time>
          )}
        </p>
      </div>
      {finished || event.odds.length === 0 ? (
        <div className={styles.error} role="status">
          <p>{finished ? ts(cancelled ? 'matchCancelled' : 'bettingClosed') : ts('noMarkets')}</p>
          <Link className={styles.retry} to={back}>
            {ts('moreMatches')}
          </Link>
        </div>
      ) : null}
      {!finished &&
        groupMarkets(event.odds).map((group, index) => (
          <MarketGroupBlock
            // A change of mode (settings arriving) starts the groups open or closed anew.
            key={`${group.id}:${openMarketGroups}`}
            group={group}
            event={event}
            isLive={isLive}
            initiallyOpen={index < openMarketGroups}
          />
        ))}
      <BetslipDock />
    </PageFrame>
  );
}

/**
 * One collapsible market group. A closed group draws only its title (compact mode opens the
 * first few), and its prices are drawn when it is opened.
 */
function MarketGroupBlock({
  group,
  event,
  isLive,
  initiallyOpen,
}: {
  group: ReturnType<typeof groupMarkets>[number];
  event: EventSummary;
  isLive: boolean;
  initiallyOpen: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details
      className={styles.market}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      data-market-group={group.id}
    >
      <summary className={styles.marketTitle}>{group.name}</summary>
      {open &&
        group.lines.map((market) => {
          const state = marketState(market);
          return (
            <div key={market.uid} className={styles.line}>
              {(market.sp || state) && (
                <p className={styles.lineLabel}>
                  {specifierLabel(market.sp)}
                  {state && <span className={styles.suspended}>{state}</span>}
                </p>
              )}
              <div className={styles.lineOdds}>
                {market.m.map((outcome) => (
                  <OddsButton
                    key={outcome.id}
                    eventId={event.id}
                    eventName={event.n}
                    isLive={isLive}
                    kickOff={kickOffText(event.edt)}
                    marketUid={market.uid}
                    marketName={market.n}
                    outcomeId={outcome.id}
                    label={
                      market.id === 1 || market.id === 10
                        ? outcomeLabel(event, outcome.n)
                        : capitalise(outcome.n)
                    }
                    pickName={capitalise(outcome.n)}
                    odds={outcome.o}
                    blocked={state !== null || outcome.ibs}
                  />
                ))}
              </div>
            </div>
          );
        })}
    </details>
  );
}
