import type { VirtualMatch, VirtualMatchday } from '@dau/contracts/virtuals/virtuals';
import { matchMinute } from './virtuals-feed';
import { tfv, tv } from './virtuals-strings';
import styles from './virtuals.module.css';

const EVENT_TEXT = { goal: 'goal', yellow: 'yellow', red: 'red' } as const;

function LiveMatch({ match, minute }: { match: VirtualMatch; minute: number }) {
  const shown = (match.events ?? []).filter((e) => e.minute <= minute);
  const goals = shown.filter((e) => e.kind === 'goal');
  const last = goals.at(-1);
  const score = last ? { home: last.home, away: last.away } : { home: 0, away: 0 };
  const latest = shown.at(-1);
  return (
    <li className={styles.live} data-match={match.index}>
      <p className={styles.scoreLine}>
        <span className={styles.side}>{match.home.code}</span>
        <b data-testid="live-score">
          {score.home} - {score.away}
        </b>
        <span className={styles.side}>{match.away.code}</span>
      </p>
      <div className={styles.pitch} aria-hidden="true">
        <span className={styles.halfway} />
        {shown.map((e, i) => (
          <span
            key={i}
            className={`${styles.mark} ${styles[e.kind]} ${e.side === 'home' ? styles.top : styles.bottom}`}
            style={{ left: `${(e.minute / 90) * 100}%` }}
          />
        ))}
        <span className={styles.ball} style={{ left: `${(minute / 90) * 100}%` }} />
      </div>
      <p className={styles.lastEvent}>
        {latest
          ? `${tfv('minute', { m: latest.minute })} ${tv(EVENT_TEXT[latest.kind])} · ${
              latest.side === 'home' ? match.home.name : match.away.name
            }`
          : '\u00a0'}
      </p>
    </li>
  );
}

/** The matchday playing (or last played): a clock, and each match's score and timeline. */
export function VirtualLive({ md, now }: { md: VirtualMatchday; now: number | null }) {
  const minute = now === null ? (md.phase === 'settled' ? 90 : 0) : matchMinute(md, now);
  const over = md.phase === 'settled' || minute >= 90;
  return (
    <section aria-label={tv('tabLive')}>
      <p className={styles.clock} data-testid="match-clock" data-phase={md.phase}>
        {tfv('matchdayShort', { n: md.round })} ·{' '}
        <b>{over ? tv('fullTime') : tfv('minute', { m: minute })}</b>
      </p>
      <ul className={styles.lives}>
        {md.matches.map((m) => (
          <LiveMatch key={m.index} match={m} minute={minute} />
        ))}
      </ul>
    </section>
  );
}
