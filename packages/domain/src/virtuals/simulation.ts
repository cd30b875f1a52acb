import { outcomeFloats, type RoundSeed } from '../games/fairness';
import { MATCH_MINUTES, type GoalRates } from './match-model';
import { fixturesOf, VIRTUAL_TEAMS, type VirtualFixture } from './league';

/**
 * The match simulation (docs/decisions/195). A match is 90 simulated minutes; in each minute
 * the home side scores with probability pH and the away side with pA, independently, and a
 * card may be shown. pH = λH / 90 and pA = λA / 90 where
 *
 *   λH = 1.35 · exp(+0.035 · (ratingH − ratingA) + 0.12)     (0.12: home advantage)
 *   λA = 1.35 · exp(−0.035 · (ratingH − ratingA) − 0.12)
 *
 * so each side's goals are Binomial(90, p) and the markets (markets.ts) are priced from the
 * exact same distribution the match is drawn from. Cards never change the goal rates.
 *
 * Every draw comes from the matchday's server seed through the casino's fairness scheme
 * (games/fairness.ts): match i of matchday n reads outcomeFloats({ serverSeed,
 * clientSeed: `vf-${i}`, nonce: n }, 360), four floats a minute: home goal, away goal, card,
 * card side. The seed's SHA-256 is published before kick-off and the seed after full time, so
 * anyone can replay the matchday.
 */

export { MATCH_MINUTES, type GoalRates };
const FLOATS_PER_MINUTE = 4;
const BASE_GOALS = 1.35;
const RATING_WEIGHT = 0.035;
const HOME_ADVANTAGE = 0.12;
/** Per minute: a yellow card below 0.03, a red card from 0.03 to 0.0325 (≈2.7 and 0.2 a match). */
const YELLOW_BELOW = 0.03;
const RED_BELOW = 0.0325;

export function goalRates(homeRating: number, awayRating: number): GoalRates {
  const diff = homeRating - awayRating;
  const lambdaHome = BASE_GOALS * Math.exp(RATING_WEIGHT * diff + HOME_ADVANTAGE);
  const lambdaAway = BASE_GOALS * Math.exp(-RATING_WEIGHT * diff - HOME_ADVANTAGE);
  return { home: lambdaHome / MATCH_MINUTES, away: lambdaAway / MATCH_MINUTES };
}

export function fixtureRates(fixture: VirtualFixture): GoalRates {
  const home = VIRTUAL_TEAMS[fixture.home];
  const away = VIRTUAL_TEAMS[fixture.away];
  if (!home || !away) throw new RangeError('Unknown team in fixture');
  return goalRates(home.rating, away.rating);
}

export type MatchEventKind = 'goal' | 'yellow' | 'red';

export interface MatchEvent {
  minute: number;
  kind: MatchEventKind;
  side: 'home' | 'away';
  /** The score after the event. */
  home: number;
  away: number;
}

export interface SimulatedMatch extends VirtualFixture {
  homeGoals: number;
  awayGoals: number;
  events: MatchEvent[];
}

export const VIRTUALS_CLIENT_SEED_PREFIX = 'vf-';

export function matchSeed(serverSeed: string, matchdayNo: number, index: number): RoundSeed {
  return { serverSeed, clientSeed: `${VIRTUALS_CLIENT_SEED_PREFIX}${index}`, nonce: matchdayNo };
}

/** Plays one match from its floats (four per minute). */
export function playMatch(fixture: VirtualFixture, floats: readonly number[]): SimulatedMatch {
  if (floats.length < MATCH_MINUTES * FLOATS_PER_MINUTE) throw new RangeError('Too few floats');
  const rates = fixtureRates(fixture);
  let home = 0;
  let away = 0;
  const events: MatchEvent[] = [];
  for (let minute = 1; minute <= MATCH_MINUTES; minute += 1) {
    const at = (minute - 1) * FLOATS_PER_MINUTE;
    const [homeGoal, awayGoal, card, cardSide] = floats.slice(at, at + FLOATS_PER_MINUTE) as [
      number,
      number,
      number,
      number,
    ];
    if (homeGoal < rates.home) {
      home += 1;
      events.push({ minute, kind: 'goal', side: 'home', home, away });
    }
    if (awayGoal < rates.away) {
      away += 1;
      events.push({ minute, kind: 'goal', side: 'away', home, away });
    }
    if (card < RED_BELOW) {
      events.push({
        minute,
        kind: card < YELLOW_BELOW ? 'yellow' : 'red',
        side: cardSide < 0.5 ? 'home' : 'away',
        home,
        away,
      });
    }
  }
  return { ...fixture, homeGoals: home, awayGoals: away, events };
}

/** Every match of matchday `matchdayNo` as its server seed decides it. */
export function simulateMatchday(serverSeed: string, matchdayNo: number): SimulatedMatch[] {
  return fixturesOf(matchdayNo).map((fixture) =>
    playMatch(
      fixture,
      outcomeFloats(
        matchSeed(serverSeed, matchdayNo, fixture.index),
        MATCH_MINUTES * FLOATS_PER_MINUTE,
      ),
    ),
  );
}

/** The score at `minute` (0-90) of a played match: what the live timeline shows. */
export function scoreAt(match: SimulatedMatch, minute: number): { home: number; away: number } {
  let score = { home: 0, away: 0 };
  for (const event of match.events) {
    if (event.minute > minute) break;
    if (event.kind === 'goal') score = { home: event.home, away: event.away };
  }
  return score;
}
