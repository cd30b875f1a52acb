import { VIRTUALS_PATHS } from '@dau/contracts/virtuals/paths';
import type { VirtualTable } from '@dau/contracts/virtuals/virtuals';
import { hashServerSeed } from '@dau/domain/games/fairness';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiFetch } from '../../lib/api-client';
import { siteDayTime } from '../../lib/site-clock';
import { useFetched } from '../../lib/use-fetched';
import { PageFrame } from '../../ui/page-frame';
import { TabSwitch } from '../../ui/tab-switch';
import { BetslipDock } from '../betslip/betslip-dock';
import { dispatchBetslip, useBetslipStore } from '../../lib/betslip-store';
import { virtualPickOf } from '@dau/domain/virtuals/virtual-slip';
import { VirtualLive } from './virtual-live';
import { VirtualMatchCard } from './virtual-match-card';
import { acceptCurrent, fetchCurrent, joinVirtuals, useVirtualsFeed } from './virtuals-feed';
import { tfv, tv } from './virtuals-strings';
import styles from './virtuals.module.css';

type View = 'bet' | 'live' | 'table';

/** The clock on the server's time, redrawn every 250 ms; null while rendering on the server. */
function useServerNow(skew: number): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const tick = () => setNow(Date.now() + skew);
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [skew]);
  return now;
}

function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Picks of a matchday that has kicked off leave the slip: they can no longer be placed. */
function useDropStalePicks(openId: number | null): void {
  const selections = useBetslipStore((s) => s.virtual.selections);
  useEffect(() => {
    if (openId === null) return;
    for (const [id, s] of Object.entries(selections)) {
      if (virtualPickOf(s)?.matchdayId !== openId)
        dispatchBetslip({ type: 'remove', id }, 'virtual');
    }
  }, [openId, selections]);
}

function LeagueTable({ liveKey }: { liveKey: string }) {
  const table = useFetched<VirtualTable>(`virtuals-table:${liveKey}`, (signal) =>
    apiFetch({ base: 'games', path: VIRTUALS_PATHS.table, method: 'GET', signal }),
  );
  if (!table.data) return <p className={styles.muted}>{tv('loading')}</p>;
  return (
    <section aria-label={tv('tabTable')}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{tv('pos')}</th>
            <th className={styles.teamCell}>{tv('team')}</th>
            <th>{tv('played')}</th>
            <th>{tv('goalDiff')}</th>
            <th>{tv('points')}</th>
          </tr>
        </thead>
        <tbody>
          {table.data.rows.map((r) => (
            <tr key={r.code}>
              <td>{r.position}</td>
              <td className={styles.teamCell}>
                <b>{r.code}</b> {r.name}
              </td>
              <td>{r.played}</td>
              <td>{r.goalsFor - r.goalsAgainst}</td>
              <td>
                <b>{r.points}</b>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {table.data.results.length > 0 && <h2 className={styles.subhead}>{tv('lastResults')}</h2>}
      {table.data.results.map((md) => (
        <div key={md.matchdayId} className={styles.results}>
          <h3>{tfv('matchdayShort', { n: md.round })}</h3>
          <ul>
            {md.matches.map((m) => (
              <li key={`${m.home}-${m.away}`}>
                {m.home} <b>{m.homeGoals}</b> - <b>{m.awayGoals}</b> {m.away}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function SeedLine({
  hash,
  seed,
  matchdayId,
}: {
  hash: string;
  seed: string | null;
  matchdayId: number;
}) {
  return (
    <details className={styles.seed}>
      <summary>{seed ? tv('seedRevealed') : tv('seedHash')}</summary>
      <code>{hash}</code>
      {seed && (
        <>
          <code data-testid="seed">{seed}</code>
          <p>{hashServerSeed(seed) === hash ? tv('seedVerified') : tv('seedMismatch')}</p>
          <Link to={`/fairness?matchday=${matchdayId}`}>{tv('replayOnFairness')}</Link>
        </>
      )}
    </details>
  );
}

/**
 * `/virtuals` (issue #14 item 2): the league's matchdays — bet on the open one before its
 * kick-off with the separate virtual betslip, watch the one playing, read the table.
 */
export function VirtualsPage() {
  const first = useFetched('virtuals-current', fetchCurrent, { refetchMs: 15_000 });
  const feed = useVirtualsFeed();
  useEffect(() => {
    if (first.data) acceptCurrent(first.data);
  }, [first.data]);
  useEffect(() => joinVirtuals(), []);
  const open = feed.open ?? first.data?.open ?? null;
  const live = feed.live ?? first.data?.live ?? null;
  const now = useServerNow(feed.skew);
  const [view, setView] = useState<View>('bet');
  useDropStalePicks(open?.matchdayId ?? null);

  const tabs: { id: View; label: string }[] = [
    {
      id: 'bet',
      label: open ? `${tv('tabBet')} · ${tfv('matchdayShort', { n: open.round })}` : tv('tabBet'),
    },
    { id: 'live', label: tv('tabLive') },
    { id: 'table', label: tv('tabTable') },
  ];
  const left = open && now !== null ? Date.parse(open.kickoffAt) - now : null;
  return (
    <PageFrame title={tv('title')}>
      {!open ? (
        first.isError ? (
          <div className={styles.muted} role="alert">
            <p>{tv('unreachable')}</p>
            <button type="button" className={styles.retry} onClick={first.refetch}>
              {tv('retry')}
            </button>
          </div>
        ) : (
          <p className={styles.muted} role="status">
            {tv('loading')}
          </p>
        )
      ) : (
        <>
          <TabSwitch
            tabs={tabs.map((tab) => ({
              id: tab.id,
              label:
                tab.id === 'live' && live?.phase === 'playing' ? (
                  <>
                    {tab.label}
                    <span className={styles.dot} aria-hidden="true" />
                  </>
                ) : (
                  tab.label
                ),
            }))}
            value={view}
            onChange={setView}
          />
          {view === 'bet' && (
            <section aria-label={tv('tabBet')}>
              <p className={styles.countdown} data-testid="kickoff-countdown">
                {tfv('matchdayOf', { season: open.season, round: open.round })} ·{' '}
                <b>
                  {left === null
                    ? siteDayTime(open.kickoffAt)
                    : left > 0
                      ? tfv('kickOffIn', { time: countdown(left) })
                      : tv('kickingOff')}
                </b>
              </p>
              <p className={styles.muted}>{tv('howItWorks')}</p>
              <SeedLine hash={open.serverSeedHash} seed={null} matchdayId={open.matchdayId} />
              {open.matches.map((m) => (
                <VirtualMatchCard
                  key={m.index}
                  matchdayId={open.matchdayId}
                  kickoffAt={open.kickoffAt}
                  match={m}
                />
              ))}
            </section>
          )}
          {view === 'live' &&
            (live ? (
              <>
                <VirtualLive md={live} now={now} />
                <SeedLine
                  hash={live.serverSeedHash}
                  seed={live.serverSeed}
                  matchdayId={live.matchdayId}
                />
              </>
            ) : (
              <p className={styles.muted}>{tv('noLive')}</p>
            ))}
          {view === 'table' && <LeagueTable liveKey={`${live?.matchdayId}:${live?.phase}`} />}
        </>
      )}
      <BetslipDock kind="virtual" />
    </PageFrame>
  );
}
