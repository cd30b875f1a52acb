import { SPORTS, type SportData, type TournamentData } from './catalogue-data';
import { mulberry32, shuffled } from './prng';

/**
 * The simulator's fixture calendar: which match is played when, as a pure function of the seed
 * (and the live target, which sets football's kick-off rhythm). A restarted simulator of the
 * same seed offers the very same fixtures under the same ids, so nothing placed on them is lost.
 *
 * - Football: a kick-off slot every `105 min / liveTarget` round the clock, so `liveTarget`
 *   matches are always in play without ever moving a kick-off. The slots run through matchdays:
 *   in each, every league plays one round of its round robin, the leagues' pairs interleaved;
 *   a club plays once a matchday (league or cup), and a matchday's first slots never take a
 *   club still playing in the last slots of the matchday before.
 * - Other sports: a matchday is an East Africa Time day; a tournament plays some pairs of its
 *   round of that day (its share of `fixturesPerTournament` a week).
 */

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** Football: 45 min, 15 min half-time, 45 min. */
export const FOOTBALL_LENGTH_MS = 105 * MINUTE;
export const OTHER_LENGTH_MS: Record<Exclude<SportData['kind'], 'football'>, number> = {
  basketball: 130 * MINUTE,
  tennis: 100 * MINUTE,
  'ice-hockey': 150 * MINUTE,
  volleyball: 100 * MINUTE,
  rugby: 100 * MINUTE,
};
export const lengthOf = (kind: SportData['kind']) =>
  kind === 'football' ? FOOTBALL_LENGTH_MS : OTHER_LENGTH_MS[kind];

/** East Africa Time, UTC+3 all year: matchdays and kick-off hours follow it. */
const EAT_OFFSET_MS = 3 * HOUR;
/** Slot 0 of football: midnight EAT, 1 January 2026. */
const SLOT_EPOCH = Date.UTC(2026, 0, 1) - EAT_OFFSET_MS;
/** Days are counted from the same midnight. */
const DAY_EPOCH = SLOT_EPOCH;
/** Ids: 200 M, plus 10 M per seed bucket; football slots below 5 M, other sports above. */
const ID_BASE = 200_000_000;
const ID_SEED_SPAN = 10_000_000;
const ID_SEED_BUCKETS = 100;
const ID_OTHER_BASE = 5_000_000;
/** Other sports' first kick-off of the day (EAT) and the break between their games. */
const OTHER_FIRST_KICK_OFF_MS = 12 * HOUR;
const OTHER_GAP_MS = 20 * MINUTE;
const WEEK_DAYS = 7;

export interface CalendarTournament {
  sport: SportData;
  category: SportData['categories'][number];
  tournament: TournamentData;
  /** Position among every tournament (stable: the catalogue's order). */
  index: number;
}

export interface ScheduledFixture {
  eventId: number;
  tournament: CalendarTournament;
  home: string;
  away: string;
  startTime: number;
  /** Football: the matchday since the epoch; other sports: the EAT day. */
  matchday: number;
}

type Pair = readonly [home: string, away: string];
interface LeaguePair {
  tournament: CalendarTournament;
  pair: Pair;
}

export const TOURNAMENTS: readonly CalendarTournament[] = SPORTS.flatMap((sport) =>
  sport.categories.flatMap((category) =>
    category.tournaments.map((tournament) => ({ sport, category, tournament, index: 0 })),
  ),
).map((t, index) => ({ ...t, index }));

const FOOTBALL = TOURNAMENTS.filter((t) => t.sport.kind === 'football');
const OTHERS = TOURNAMENTS.filter((t) => t.sport.kind !== 'football');
/** Cups: tournaments whose clubs also play in an earlier (league) tournament. */
const CUPS = new Set(
  FOOTBALL.filter((t, i) =>
    FOOTBALL.slice(0, i).some((l) =>
      l.tournament.teams.some((c) => t.tournament.teams.includes(c)),
    ),
  ),
);

export class FixtureCalendar {
  /** Milliseconds between two football kick-offs. */
  readonly slotMs: number;
  private readonly idBase: number;
  private readonly orders = new Map<number, readonly string[]>();
  private readonly rounds = new Map<number, readonly LeaguePair[]>();
  /** First slot of each matchday since the epoch (grown as needed). */
  private readonly starts: number[] = [0];

  constructor(
    seed: number,
    private readonly liveTarget: number,
    private readonly fixturesPerWeek: number,
  ) {
    this.slotMs = Math.round(FOOTBALL_LENGTH_MS / Math.max(1, liveTarget));
    this.idBase = ID_BASE + (Math.abs(seed) % ID_SEED_BUCKETS) * ID_SEED_SPAN;
    for (const t of TOURNAMENTS) {
      this.orders.set(
        t.tournament.id,
        shuffled(mulberry32(seed ^ (t.tournament.id * 2654435761)), t.tournament.teams),
      );
    }
  }

  // ---- football ------------------------------------------------------------------------------

  /** The slot whose kick-off is the last one at or before `time`. */
  slotAt(time: number): number {
    return Math.floor((time - SLOT_EPOCH) / this.slotMs);
  }

  slotStart(slot: number): number {
    return SLOT_EPOCH + slot * this.slotMs;
  }

  /** The football match of a slot (null without a live target, or before the epoch). */
  football(slot: number): ScheduledFixture | null {
    if (this.liveTarget < 1 || slot < 0) return null;
    const matchday = this.matchdayOf(slot);
    const entry = this.matchdayOrder(matchday)[slot - (this.starts[matchday] ?? 0)];
    if (!entry) return null;
    return {
      eventId: this.idBase + slot,
      tournament: entry.tournament,
      home: entry.pair[0],
      away: entry.pair[1],
      startTime: this.slotStart(slot),
      matchday,
    };
  }

  /** The matchday a slot belongs to (matchdays have as many slots as they have matches). */
  private matchdayOf(slot: number): number {
    while ((this.starts.at(-1) ?? 0) <= slot) {
      const m = this.starts.length - 1;
      this.starts.push((this.starts[m] ?? 0) + this.interleaved(m).length);
    }
    let lo = 0;
    let hi = this.starts.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if ((this.starts[mid] ?? 0) <= slot) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The matchday's pairs in kick-off order (see `interleaved`), the first `liveTarget` swapped
   * for later pairs whose clubs did not play in the previous matchday's last `liveTarget`
   * slots (a match lasts that many slots).
   */
  private matchdayOrder(matchday: number): readonly LeaguePair[] {
    const cached = this.rounds.get(matchday);
    if (cached) return cached;
    const order = this.interleaved(matchday);
    const size = order.length;
    const window = Math.min(this.liveTarget, Math.floor(size / 3));
    const previous = matchday > 0 ? this.interleaved(matchday - 1) : [];
    const busy = new Set(previous.slice(previous.length - window).flatMap((e) => e.pair));
    const clashes = (e: LeaguePair | undefined) => !!e && e.pair.some((club) => busy.has(club));
    let next = window;
    for (let i = 0; i < window; i++) {
      if (!clashes(order[i])) continue;
      while (next < size - window && clashes(order[next])) next++;
      if (next >= size - window) break;
      [order[i], order[next]] = [order[next] as LeaguePair, order[i] as LeaguePair];
      next++;
    }
    if (this.rounds.size > 64) this.rounds.clear();
    this.rounds.set(matchday, order);
    return order;
  }

  /**
   * Every league's round of the matchday, interleaved (starting with a different league each
   * matchday). A club in a league and a cup (Champions League) plays once: on even matchdays
   * the cups come first and a league pair with a cup club is left out, on odd ones the reverse.
   */
  private interleaved(matchday: number): LeaguePair[] {
    const cupsFirst = matchday % 2 === 0;
    const ranked = [...FOOTBALL].sort(
      (a, b) => Number(CUPS.has(b) === cupsFirst) - Number(CUPS.has(a) === cupsFirst),
    );
    const rounds = ranked.map((t) => this.round(t, matchday));
    const kept = new Set<string>();
    const perLeague = ranked.map((t, i) =>
      (rounds[i] ?? []).filter((pair) => {
        if (pair.some((club) => kept.has(club))) return false;
        for (const club of pair) kept.add(club);
        return true;
      }),
    );
    const byCatalogue = FOOTBALL.map((t) => perLeague[ranked.indexOf(t)] ?? []);
    const first = matchday % FOOTBALL.length;
    const out: LeaguePair[] = [];
    const longest = Math.max(...byCatalogue.map((l) => l.length));
    for (let p = 0; p < longest; p++) {
      for (let i = 0; i < byCatalogue.length; i++) {
        const league = (first + i) % byCatalogue.length;
        const pair = byCatalogue[league]?.[p];
        const tournament = FOOTBALL[league];
        if (pair && tournament) out.push({ tournament, pair });
      }
    }
    return out;
  }

  /**
   * Round `matchday` of the tournament's double round robin (circle method on the seeded
   * order): every club once; home and away swap on every second pass through the rounds.
   */
  private round(t: CalendarTournament, matchday: number): Pair[] {
    const teams = this.orders.get(t.tournament.id) ?? [];
    const n = teams.length - (teams.length % 2);
    if (n < 2) return [];
    const rounds = n - 1;
    const r = ((matchday % rounds) + rounds) % rounds;
    const second = Math.floor(matchday / rounds) % 2 !== 0;
    const rest = teams.slice(1, n);
    const rotated = [teams[0] as string, ...rest.slice(r), ...rest.slice(0, r)];
    const pairs: Pair[] = [];
    for (let i = 0; i < n / 2; i++) {
      const a = rotated[i] as string;
      const b = rotated[n - 1 - i] as string;
      const flip = (i === 0 && r % 2 === 1) !== second;
      pairs.push(flip ? [b, a] : [a, b]);
    }
    return pairs;
  }

  // ---- other sports --------------------------------------------------------------------------

  /** The EAT day that `time` falls on (days since the calendar's epoch). */
  dayAt(time: number): number {
    return Math.floor((time - DAY_EPOCH) / DAY);
  }

  dayStart(day: number): number {
    return DAY_EPOCH + day * DAY;
  }

  /** The other sports' games of one EAT day, by tournament. */
  otherSports(day: number): ScheduledFixture[] {
    return OTHERS.flatMap((t, local) => {
      const f = this.fixturesPerWeek;
      const count = Math.min(
        Math.floor(t.tournament.teams.length / 2),
        Math.floor(((day + 1) * f) / WEEK_DAYS) - Math.floor((day * f) / WEEK_DAYS),
      );
      const pairs = this.round(t, day).slice(0, count);
      const gap = OTHER_LENGTH_MS[t.sport.kind as keyof typeof OTHER_LENGTH_MS] + OTHER_GAP_MS;
      return pairs.map(([home, away], n) => ({
        eventId: this.idBase + ID_OTHER_BASE + day * 1000 + local * 20 + n,
        tournament: t,
        home,
        away,
        startTime: this.dayStart(day) + OTHER_FIRST_KICK_OFF_MS + local * 15 * MINUTE + n * gap,
        matchday: day,
      }));
    });
  }

  // ---- ids -----------------------------------------------------------------------------------

  /** The fixture behind an id of this calendar (null for another seed's or a retired id). */
  decode(eventId: number): ScheduledFixture | null {
    const local = eventId - this.idBase;
    if (local < 0 || local >= ID_SEED_SPAN) return null;
    if (local < ID_OTHER_BASE) return this.football(local);
    const day = Math.floor((local - ID_OTHER_BASE) / 1000);
    return this.otherSports(day).find((f) => f.eventId === eventId) ?? null;
  }
}
