import type { KnownEvent } from '../../modules/feed/feed-messages';
import {
  DAY,
  FixtureCalendar,
  FOOTBALL_LENGTH_MS,
  lengthOf,
  OTHER_LENGTH_MS,
  TOURNAMENTS,
  type ScheduledFixture,
} from './calendar';
import { goalRates } from './pricing';
import type { Random } from './prng';
import {
  footballPlayed,
  minutesPlayed,
  newSimEvent,
  poissonDraw,
  reprice,
  view,
  type SimEvent,
} from './sim-event';

/** How far ahead other sports are announced. */
const OTHER_HORIZON_MS = 7 * DAY;
const LONGEST_OTHER_MS = Math.max(...Object.values(OTHER_LENGTH_MS));
/** Statuses of a finished event (ended, closed, cancelled, abandoned). */
const FINISHED: readonly number[] = [3, 4, 5, 9];

/**
 * The simulator's events: the calendar's fixtures from the matches in play now to the horizon
 * (`fixturesPerTournament` football slots per league, a week of other sports), extended as
 * the clock runs, with the teams' seeded strengths.
 */
export class SimWorld {
  readonly events = new Map<number, SimEvent>();
  readonly calendar: FixtureCalendar;
  private readonly strengths = new Map<number, Map<string, number>>();
  private readonly footballHorizonMs: number;
  private nextSlot: number;
  private nextDay: number;

  constructor(
    options: { seed: number; liveTarget: number; fixturesPerTournament: number },
    private readonly random: Random,
    time: number,
  ) {
    this.calendar = new FixtureCalendar(
      options.seed,
      options.liveTarget,
      options.fixturesPerTournament,
    );
    for (const t of TOURNAMENTS) {
      const strengths = new Map<string, number>();
      for (const team of t.tournament.teams) strengths.set(team, random() * 2 - 1);
      this.strengths.set(t.tournament.id, strengths);
    }
    const leagues = TOURNAMENTS.filter((t) => t.sport.kind === 'football').length;
    this.footballHorizonMs = options.fixturesPerTournament * leagues * this.calendar.slotMs;
    // The football matches in play, then what is ahead. Other sports' games under way are not
    // offered (only their pre-match prices are): a previous run's come back through `adopt`.
    this.nextSlot = this.calendar.slotAt(time - FOOTBALL_LENGTH_MS) + 1;
    this.nextDay = this.calendar.dayAt(time - LONGEST_OTHER_MS);
    for (const event of this.extend(time)) {
      if (event.fixture.startTime > time) continue;
      if (event.kind === 'football') this.startInPlay(event, time);
      else this.events.delete(event.fixture.eventId);
    }
  }

  /** Adds the fixtures that came within the horizon by `time`; returns them. */
  extend(time: number): SimEvent[] {
    const added: SimEvent[] = [];
    while (this.calendar.slotStart(this.nextSlot) <= time + this.footballHorizonMs) {
      const scheduled = this.calendar.football(this.nextSlot++);
      if (scheduled) added.push(...this.add(scheduled, time));
    }
    while (this.calendar.dayStart(this.nextDay) <= time + OTHER_HORIZON_MS) {
      for (const scheduled of this.calendar.otherSports(this.nextDay++)) {
        added.push(...this.add(scheduled, time));
      }
    }
    return added;
  }

  private add(scheduled: ScheduledFixture, time: number): SimEvent[] {
    const ended = scheduled.startTime + lengthOf(scheduled.tournament.sport.kind) <= time;
    if (ended || this.events.has(scheduled.eventId)) return [];
    const strengths = this.strengths.get(scheduled.tournament.tournament.id) ?? new Map();
    const event = newSimEvent(scheduled, strengths, time);
    this.events.set(scheduled.eventId, event);
    return [event];
  }

  /** A match already under way when the simulator starts: a score drawn for the time played. */
  private startInPlay(event: SimEvent, time: number): void {
    event.phase = 'live';
    event.status = 1;
    const played = footballPlayed(minutesPlayed(event, time));
    const [lh, la] = goalRates(view(event, 1));
    event.homeScore = poissonDraw(this.random, (lh * played) / 90);
    event.awayScore = poissonDraw(this.random, (la * played) / 90);
    reprice(event, time);
  }

  /**
   * Takes over what a previous run of the same seed left in the database: finished events stay
   * finished, matches in play keep their score, and matches that ended while the simulator was
   * down come back in play with their last score, to be finished and settled by the clock.
   * Events of another world (an id this calendar does not give, or other teams) are ignored.
   */
  adopt(known: readonly KnownEvent[], time: number): number {
    let adopted = 0;
    for (const k of known) {
      let event = this.events.get(k.eventId);
      if (!event) {
        const scheduled = this.calendar.decode(k.eventId);
        if (!scheduled || scheduled.home !== k.home || scheduled.away !== k.away) continue;
        const strengths = this.strengths.get(scheduled.tournament.tournament.id) ?? new Map();
        event = newSimEvent(scheduled, strengths, time);
        this.events.set(k.eventId, event);
      } else if (event.fixture.home !== k.home || event.fixture.away !== k.away) {
        continue;
      }
      adopted++;
      if (FINISHED.includes(k.status)) {
        event.phase = 'settled';
        event.status = k.status;
        event.homeScore = k.homeScore;
        event.awayScore = k.awayScore;
        for (const m of event.markets) m.status = 0;
        continue;
      }
      if (event.fixture.startTime > time) continue;
      event.phase = 'live';
      event.status = 1;
      if (k.status !== 0) {
        event.homeScore = k.homeScore;
        event.awayScore = k.awayScore;
      }
      if (event.kind === 'football') reprice(event, time);
      else for (const m of event.markets) m.status = -1;
    }
    return adopted;
  }
}
