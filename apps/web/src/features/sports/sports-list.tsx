import type { SportListItem } from '@dau/contracts/sports/list-sports';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { idFromSlug, nameFromSlug } from '../../lib/slug';
import { listPhase, OfflineState, useOnline, type ListPhase } from '../../ui/list-states';
import { EmptyState, PageFrame } from '../../ui/page-frame';
import { BetslipDock } from '../betslip/betslip-dock';
import { EventGroups } from './event-row';
import { CategoryNav, OddsRange, TournamentChips } from './sports-filters';
import { seedEvents } from './live-store';
import { useSportsTuning } from './use-display-mode';
import { useProducerStatus } from './producer-status';
import { tfs, ts } from './sports-strings';
import { fetchEvent, fetchEvents, fetchSports } from './sports-api';
import { withoutEvent } from './sports-counts';
import { setEventRemovedHandler, setUnknownEventFetcher, watch } from './sports-feed';
import {
  DEFAULT_SPORT_ID,
  parseSportsQuery,
  resolveSportId,
  sportSlug,
  withQuery,
} from './sports-route';
import styles from './sports.module.css';

export const SHOW_MORE_STEP = 10;

// An update for an unknown live event fetches it and stores it (spec doc 2 §4).
setUnknownEventFetcher(async (id) => seedEvents([await fetchEvent(id)]));

/** A deleted event leaves the counts of the list it was in (live or pre-match). */
function useCountsFollowDeletions(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      setEventRemovedHandler((place, wasLive) =>
        queryClient.setQueryData<SportListItem[]>(['sports', wasLive], (old) =>
          old ? withoutEvent(old, place) : old,
        ),
      ),
    [queryClient],
  );
}

function defaultMarket(sport: SportListItem | undefined, sportId: number): number | null {
  if (sport) return sport.defaultMarketId;
  return sportId === DEFAULT_SPORT_ID ? 1 : null;
}

/** The pre-match (`/sports...`) and live (`/live-now...`) lists (spec doc 2 §2). */
export function SportsList({ live }: { live: boolean }) {
  const params = useParams();
  const [search] = useSearchParams();
  useProducerStatus();
  useCountsFollowDeletions();
  const query = useMemo(() => parseSportsQuery(search), [search]);
  const tuning = useSportsTuning();
  const sports = useQuery({
    queryKey: ['sports', live],
    queryFn: ({ signal }) => fetchSports(live, signal),
  });
  const sportId = resolveSportId(params.sportId, sports.data ?? []);
  const sport = sports.data?.find((s) => s.id === sportId);
  const categoryId = idFromSlug(params.catId);
  const category = sport?.categories.find((c) => c.id === categoryId);
  const subId = idFromSlug(params.subId);
  const tournaments = subId !== null ? [subId] : query.tournaments;
  const marketId = query.marketId ?? defaultMarket(sport, sportId);
  const quick = sport?.quickFilter.find((f) => f.marketId === marketId);
  const specifier = query.specifier || (query.marketId !== null ? (quick?.specifier ?? '') : '');

  const events = useInfiniteQuery({
    queryKey: [
      'events',
      live,
      sportId,
      marketId,
      specifier,
      categoryId,
      tournaments.join(','),
      query.odds?.min,
      query.odds?.max,
      query.lastKey,
      tuning.pageSize,
    ],
    // Loading needs a numeric market id; without one nothing is fetched.
    // A signed-in user's first page waits for their settings (data saving asks for less).
    enabled: marketId !== null && tuning.settled,
    initialPageParam: query.lastKey,
    queryFn: ({ pageParam, signal }) =>
      fetchEvents(
        {
          live,
          sportId,
          marketId: marketId ?? 1,
          specifier,
          categoryId,
          tournaments,
          odds: query.odds,
          lastKey: pageParam,
          pageSize: tuning.pageSize,
        },
        signal,
      ),
    getNextPageParam: (page) => page.lastKey,
    // New events and counts arrive by polling; data-saving mode polls less often.
    refetchInterval: tuning.refreshMs,
  });

  const loaded = useMemo(() => events.data?.pages.flatMap((p) => p.events) ?? [], [events.data]);
  useEffect(() => seedEvents(loaded), [loaded]);
  // Data-saving mode: pre-match lists do without live prices (live lists keep them).
  const liveRoom = live || tuning.preMatchLiveRoom;
  useEffect(
    () => (liveRoom ? watch([{ kind: 'sport', id: sportId }]) : undefined),
    [sportId, liveRoom],
  );

  // "Show more" counts restart whenever the filters change.
  const listKey = `${search.toString()}|${sportId}|${categoryId}|${subId}`;
  const [paging, setPaging] = useState({ key: listKey, visible: SHOW_MORE_STEP });
  const visible = paging.key === listKey ? paging.visible : SHOW_MORE_STEP;
  const shown = loaded.slice(0, visible);
  const canShowMore = loaded.length > visible || events.hasNextPage;
  const showMore = () => {
    const next = visible + SHOW_MORE_STEP;
    setPaging({ key: listKey, visible: next });
    if (next > loaded.length && events.hasNextPage && !events.isFetchingNextPage)
      void events.fetchNextPage();
  };

  const base = live ? '/live-now' : '/sports';
  const sportPath = sport ? `${base}/${sportSlug(sport)}` : base;
  // The path names the page before the sports list arrives (and when it cannot).
  const sportName = sport ? (sport.id === 1 ? ts('football') : sport.name) : null;
  const title = live
    ? params.sportId
      ? tfs('liveSport', { sport: sportName ?? nameFromSlug(params.sportId, '') }).trim()
      : ts('liveNow')
    : (category?.subCategories.find((s) => s.id === subId)?.name ??
      category?.name ??
      (params.subId ? nameFromSlug(params.subId, ts('matches')) : null) ??
      (params.catId ? nameFromSlug(params.catId, ts('competitions')) : null) ??
      sportName ??
      nameFromSlug(params.sportId, ts('sportsNav')));
  const liveCount = events.data?.pages[0]?.liveCount;
  // The sport named in a live path, even when it has no live events (and so is not listed).
  const shownSport = params.sportId ? (sportName ?? nameFromSlug(params.sportId, '')) : null;
  const online = useOnline();
  // Sports loaded without this one: it has no (live) events, so there is nothing to fetch.
  const phase: ListPhase =
    sports.isSuccess && marketId === null
      ? 'empty'
      : listPhase(
          {
            isPending: sports.isPending || events.isPending || !tuning.settled,
            isError: sports.isError || events.isError,
            fetchStatus:
              sports.fetchStatus === 'paused' || events.fetchStatus === 'paused'
                ? 'paused'
                : 'idle',
          },
          loaded.length === 0,
          online,
        );

  return (
    <PageFrame title={title}>
      {/* Phones: the wrappers add nothing, the sports menu is the first chip row. From 960 px
          the menu is a column left of the list (issue #15 item 16, ADR 151). */}
      <div className={styles.listLayout}>
        <nav className={`${styles.chips} ${styles.sportsMenu}`} aria-label={ts('sportsNav')}>
          <Link
            className={styles.chip}
            to={
              live ? `/sports/${sportSlug({ id: sportId, name: sport?.name ?? '' })}` : '/live-now'
            }
          >
            {live ? (
              ts('upcomingChip')
            ) : (
              <>
                {ts('liveNow')} {liveCount ? <small aria-hidden="true">{liveCount}</small> : null}
              </>
            )}
          </Link>
          {(sports.data ?? []).map((s) => (
            <Link
              key={s.id}
              to={`${base}/${sportSlug(s)}`}
              className={s.id === sportId ? `${styles.chip} ${styles.chipActive}` : styles.chip}
              aria-current={s.id === sportId ? 'page' : undefined}
            >
              {s.id === 1 ? ts('football') : s.name} <small>{s.nrOfEvents}</small>
            </Link>
          ))}
          {sports.isPending && <span className={styles.chipSkeleton} aria-hidden="true" />}
        </nav>
        <div className={styles.listMain}>
          {/* While the sports load, their chip rows keep their place (no layout shift). */}
          {sports.isPending && <ChipRowsSkeleton rows={live ? 2 : 3} />}
          {!live && sport && (
            <CategoryNav sport={sport} sportPath={sportPath} categoryId={categoryId} />
          )}
          {sport && (
            <TournamentChips
              sport={sport}
              categoryId={categoryId}
              selected={tournaments}
              locked={subId !== null}
            />
          )}
          {sport && sport.quickFilter.length > 0 && (
            <nav className={styles.chips} aria-label={ts('marketsNav')}>
              {sport.quickFilter.map((filter) => {
                const active =
                  filter.marketId === marketId && (filter.specifier || '') === specifier;
                return (
                  <Link
                    key={`${filter.marketId}|${filter.specifier}`}
                    className={active ? `${styles.chip} ${styles.chipActive}` : styles.chip}
                    to={withQuery(search, {
                      filter: String(filter.marketId),
                      specifier: filter.specifier || null,
                    })}
                  >
                    {filter.name}
                  </Link>
                );
              })}
            </nav>
          )}
          {!live && <OddsRange key={search.toString()} />}
          {phase === 'offline' ? (
            <OfflineState message={ts('listOffline')} />
          ) : phase === 'error' ? (
            <div className={styles.error} role="alert" data-list-state="error">
              <p>{ts('loadFailed')}</p>
              <button
                type="button"
                className={styles.retry}
                onClick={() => {
                  void sports.refetch();
                  void events.refetch();
                }}
              >
                {ts('tryAgain')}
              </button>
            </div>
          ) : phase === 'loading' ? (
            <ListSkeleton />
          ) : phase === 'empty' ? (
            live ? (
              <EmptyState
                message={shownSport ? tfs('noLiveSport', { sport: shownSport }) : ts('noLive')}
                action={{
                  to: params.sportId ? `/sports/${params.sportId}` : '/sports',
                  label: shownSport ? tfs('upcomingSport', { sport: shownSport }) : ts('upcoming'),
                }}
              />
            ) : (
              <EmptyState
                message={ts('noFilterMatches')}
                action={{ to: sportPath, label: ts('clearFilters') }}
              />
            )
          ) : (
            <>
              <EventGroups
                events={shown}
                marketId={marketId ?? 1}
                specifier={specifier}
                tuning={tuning}
              />
              {canShowMore && (
                <button
                  type="button"
                  className={styles.showMore}
                  onClick={showMore}
                  disabled={events.isFetchingNextPage}
                >
                  {events.isFetchingNextPage ? ts('loading') : ts('showMore')}
                </button>
              )}
            </>
          )}
        </div>
      </div>
      <BetslipDock />
    </PageFrame>
  );
}

function ChipRowsSkeleton({ rows }: { rows: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className={styles.chips}>
          <span className={styles.chipSkeleton} />
        </div>
      ))}
    </div>
  );
}

/** Placeholder rows of the real rows' height, so nothing jumps when the list arrives. */
function ListSkeleton() {
  return (
    <div aria-busy="true" aria-label={ts('loadingMatches')}>
      {[0, 1].map((group) => (
        <section key={group} className={styles.league}>
          <div className={`${styles.leagueTitle} ${styles.skeletonText}`} />
          <ul className={styles.rows}>
            {[0, 1, 2, 3].map((row) => (
              <li key={row} className={`${styles.row} ${styles.skeletonRow}`} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
