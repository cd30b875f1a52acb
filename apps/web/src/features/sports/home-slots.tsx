import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { t } from '../../lib/i18n';
import { useSessionStore } from '../../lib/session-store';
import { useFetched } from '../../lib/use-fetched';
import { useHydrated } from '../../lib/hydration';
import { settingsQuery } from '../accounts/api/settings-query';
import { BetslipButton } from '../betslip/betslip-button';
import { loadPopularFootball } from '../shell/popular-football';
import {
  browserSaveData,
  displayModeOf,
  onRememberedModeChange,
  readRememberedMode,
  rememberDisplayMode,
  tuningFor,
  type DisplayMode,
  type SportsTuning,
} from './display-mode';
import { EventGroups } from './event-row';
import { seedEvents } from './live-store';
import { useProducerStatus } from './producer-status';
import { fetchEvents } from './sports-api';
import { watch } from './sports-feed';
import { sportSlug } from './sports-route';
import styles from './sports.module.css';

/**
 * The sports slots of the home page (`home-general-components`, issue #4 item 11, #7 item 7):
 * highlights (the top pre-match events: football lists are ordered by league popularity), live
 * now and top leagues. One lazily loaded chunk: home's own chunk stays small and paints first.
 * Plain fetches (`useFetched`), not TanStack Query: these are home's content, inside the budget
 * of the first load of `/` (ADR 004). The betslip button loads the slip itself on demand.
 */
export { BetslipButton as HomeBetslip };

let rememberedVersion = 0;
const subscribeRemembered = (listener: () => void) =>
  onRememberedModeChange(() => {
    rememberedVersion += 1;
    listener();
  });

/**
 * The display-mode rules of `useSportsTuning` (use-display-mode.ts) without TanStack Query: a
 * signed-in user's settings are read once per sign-in (`settingsQuery`'s request, which
 * remembers the flags on the device); the remembered flags drive the slots, so a toggle on the
 * settings page (it remembers them too) applies at once. Guests follow the browser's Save-Data.
 */
function useHomeTuning(): SportsTuning & { settled: boolean } {
  const isAuthenticated = useSessionStore((s) => s.isAuthenticated);
  const version = useSyncExternalStore(
    subscribeRemembered,
    () => rememberedVersion,
    () => 0,
  );
  // The answer itself too, for a device that cannot store the flags; read on the server for a
  // signed-in first paint (ADR 180).
  const settings = useFetched('settings', () => settingsQuery().queryFn(), {
    enabled: isAuthenticated,
  });
  useEffect(() => {
    if (!isAuthenticated) rememberDisplayMode(null);
  }, [isAuthenticated]);
  // The device's remembered flags once hydrated: hydration draws what the server drew.
  const hydrated = useHydrated();
  const flags = settings.data?.settings;
  const failed = settings.isError;
  return useMemo(() => {
    void version;
    const read: DisplayMode | 'failed' | null = flags
      ? { compact: flags.compactMode, saveData: flags.saveData }
      : failed
        ? 'failed'
        : null;
    const known = isAuthenticated
      ? ((hydrated ? readRememberedMode() : null) ?? (read === 'failed' ? null : read))
      : null;
    const mode = displayModeOf(
      known ? { compactMode: known.compact, saveData: known.saveData } : undefined,
      browserSaveData(),
    );
    const settled = !isAuthenticated || known !== null || read === 'failed';
    return { ...tuningFor(mode), settled };
  }, [isAuthenticated, flags, failed, version, hydrated]);
}

/** The 1x2 market: every football event offers it, and the slots show football. */
const HOME_MARKET_ID = 1;

interface EventsSlotProps {
  title: string;
  /** The content's row limit; compact and data-saving modes lower it. */
  limit: number;
  sportId?: number;
}

function SlotHeader({ title, to, count }: { title: string; to: string; count?: number }) {
  return (
    <div className={styles.slotHeader}>
      <h2 className={styles.slotTitle}>
        {title}
        {count ? <small>{count}</small> : null}
      </h2>
      <Link to={to} className={styles.slotMore}>
        {t('seeAll')}
      </Link>
    </div>
  );
}

function SlotError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{t('homeLoadFailed')}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}

/** Rows of the real rows' height while a slot loads. */
export function SlotSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <div className={styles.league} aria-busy="true" aria-label={label}>
      <div className={`${styles.leagueTitle} ${styles.skeletonText}`} />
      <ul className={styles.rows}>
        {Array.from({ length: rows }, (_, row) => (
          <li key={row} className={`${styles.row} ${styles.skeletonRow}`} />
        ))}
      </ul>
    </div>
  );
}

function EventsSlot({ live, title, limit, sportId = 1 }: EventsSlotProps & { live: boolean }) {
  useProducerStatus();
  const tuning = useHomeTuning();
  const size = Math.max(1, Math.min(limit, tuning.homeSlotLimit));
  const events = useFetched(
    `home|${live ? 'live' : 'highlights'}|${sportId}|${size}`,
    (signal) =>
      fetchEvents(
        {
          live,
          sportId,
          marketId: HOME_MARKET_ID,
          specifier: '',
          categoryId: null,
          tournaments: [],
          odds: null,
          lastKey: null,
          pageSize: size,
        },
        signal,
      ),
    { refetchMs: tuning.refreshMs, enabled: tuning.settled },
  );
  const shown = useMemo(() => events.data?.events.slice(0, size) ?? [], [events.data, size]);
  useEffect(() => seedEvents(shown), [shown]);
  const room = live || tuning.preMatchLiveRoom;
  useEffect(
    () => (room && shown.length > 0 ? watch([{ kind: 'sport', id: sportId }]) : undefined),
    [room, sportId, shown.length],
  );
  const sport = sportSlug({ id: sportId, name: '' });
  const more = live ? '/live-now' : `/sports/${sport}`;
  const count = live ? events.data?.total : undefined;

  return (
    <section className={styles.slot} aria-label={title} data-slot={live ? 'live' : 'highlights'}>
      <SlotHeader title={title} to={more} count={count} />
      {events.isError ? (
        <SlotError onRetry={() => events.refetch()} />
      ) : events.isPending ? (
        <SlotSkeleton label={title} />
      ) : shown.length === 0 ? (
        <div className={styles.slotEmpty}>
          <p>{live ? t('homeNoLive') : t('homeNoHighlights')}</p>
          <Link className={styles.retry} to={live ? `/sports/${sport}` : '/sports'}>
            {live ? t('upcomingMatches') : t('allSports')}
          </Link>
        </div>
      ) : (
        <EventGroups events={shown} marketId={HOME_MARKET_ID} specifier="" tuning={tuning} />
      )}
    </section>
  );
}

export function HomeHighlights(props: EventsSlotProps) {
  return <EventsSlot live={false} {...props} />;
}

export function HomeLiveNow(props: EventsSlotProps) {
  return <EventsSlot live {...props} />;
}

/** Popular football tournaments, the same answer the menu's popular section reads. */
export function HomeTopLeagues({ title, limit }: { title: string; limit: number }) {
  // The menu's cached answer (one request per page load, like the query's 5-minute staleTime).
  const leagues = useFetched('popular|1', () => loadPopularFootball());
  const shown = leagues.data?.tournaments.slice(0, limit) ?? [];
  return (
    <section className={styles.slot} aria-label={title} data-slot="top-leagues">
      <SlotHeader title={title} to="/sports/football-1" />
      {leagues.isError ? (
        <SlotError onRetry={() => leagues.refetch()} />
      ) : leagues.isPending ? (
        <div className={styles.leagueGrid} aria-busy="true" aria-label={title}>
          {[0, 1, 2, 3].map((n) => (
            <span key={n} className={`${styles.leagueTile} ${styles.skeletonRow}`} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <div className={styles.slotEmpty}>
          <p>{t('homeNoLeagues')}</p>
        </div>
      ) : (
        <ul className={styles.leagueGrid}>
          {shown.map((league) => (
            <li key={league.key}>
              <Link to={league.href} className={styles.leagueTile}>
                <span className={styles.leagueName}>{league.label}</span>
                <small>
                  {league.detail} · {league.count} {t('matchesCount')}
                </small>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
