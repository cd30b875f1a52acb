/**
 * The virtual football league (issue #14 item 2, docs/decisions/195): twelve simulated teams
 * with fixed ratings, playing a double round robin of 22 matchdays a season, six matches at a
 * time. Pure data and arithmetic: the server schedules matchdays, the browser shows them.
 */

export interface VirtualTeam {
  /** Short code shown on the pitch and in the table. */
  code: string;
  name: string;
  /** Strength, 60-90: the difference of two ratings sets the match's goal rates. */
  rating: number;
}

export const VIRTUAL_TEAMS: readonly VirtualTeam[] = [
  { code: 'NAI', name: 'Nairobi Lions', rating: 86 },
  { code: 'KAM', name: 'Kampala Cranes', rating: 83 },
  { code: 'DAR', name: 'Dar Stars', rating: 81 },
  { code: 'LUS', name: 'Lusaka Eagles', rating: 79 },
  { code: 'MOM', name: 'Mombasa Sharks', rating: 77 },
  { code: 'ARU', name: 'Arusha Rhinos', rating: 75 },
  { code: 'KIS', name: 'Kisumu Herons', rating: 73 },
  { code: 'NDO', name: 'Ndola Miners', rating: 71 },
  { code: 'ENT', name: 'Entebbe Buffaloes', rating: 69 },
  { code: 'ZAN', name: 'Zanzibar Dhows', rating: 67 },
  { code: 'NAK', name: 'Nakuru Flamingos', rating: 65 },
  { code: 'KIT', name: 'Kitwe Leopards', rating: 62 },
];

export const MATCHES_PER_MATCHDAY = VIRTUAL_TEAMS.length / 2;
/** A season: every team meets every other twice (home and away). */
export const MATCHDAYS_PER_SEASON = 2 * (VIRTUAL_TEAMS.length - 1);

export interface VirtualFixture {
  /** 0-based position in the matchday: also the match's id within it. */
  index: number;
  home: number;
  away: number;
}

/** Season number (1-based) and matchday of the season (1-based) of a global matchday number. */
export function seasonOf(matchdayNo: number): { season: number; round: number } {
  const zero = Math.max(0, matchdayNo - 1);
  return {
    season: Math.floor(zero / MATCHDAYS_PER_SEASON) + 1,
    round: (zero % MATCHDAYS_PER_SEASON) + 1,
  };
}

/**
 * The fixtures of a matchday by the circle method: team 0 stays, the others rotate one place a
 * round; the second half of the season repeats the first with home and away swapped.
 */
export function fixturesOf(matchdayNo: number): VirtualFixture[] {
  const n = VIRTUAL_TEAMS.length;
  const { round } = seasonOf(matchdayNo);
  const half = n - 1;
  const r = (round - 1) % half;
  const swapped = round > half;
  const rotating = Array.from({ length: half }, (_, i) => 1 + ((i + r) % half));
  const circle = [0, ...rotating];
  const fixtures: VirtualFixture[] = [];
  for (let i = 0; i < n / 2; i += 1) {
    const a = circle[i] as number;
    const b = circle[n - 1 - i] as number;
    // Alternate who is at home so that each team's home games spread over the season.
    const aHome = (i + r) % 2 === 0;
    const [home, away] = aHome !== swapped ? [a, b] : [b, a];
    fixtures.push({ index: i, home, away });
  }
  return fixtures;
}

export interface TableRow {
  team: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/**
 * The league table from results: 3 points a win, 1 a draw; ties broken by goal difference,
 * goals scored, then rating order (the team list's order).
 */
export function leagueTable(
  results: readonly { home: number; away: number; homeGoals: number; awayGoals: number }[],
): TableRow[] {
  const rows: TableRow[] = VIRTUAL_TEAMS.map((_, team) => ({
    team,
    played: 0,
    won: 0,
    drawn: 0,
    lost: 0,
    goalsFor: 0,
    goalsAgainst: 0,
    points: 0,
  }));
  for (const r of results) {
    const home = rows[r.home];
    const away = rows[r.away];
    if (!home || !away) continue;
    home.played += 1;
    away.played += 1;
    home.goalsFor += r.homeGoals;
    home.goalsAgainst += r.awayGoals;
    away.goalsFor += r.awayGoals;
    away.goalsAgainst += r.homeGoals;
    if (r.homeGoals > r.awayGoals) {
      home.won += 1;
      away.lost += 1;
      home.points += 3;
    } else if (r.homeGoals < r.awayGoals) {
      away.won += 1;
      home.lost += 1;
      away.points += 3;
    } else {
      home.drawn += 1;
      away.drawn += 1;
      home.points += 1;
      away.points += 1;
    }
  }
  return rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
      b.goalsFor - a.goalsFor ||
      a.team - b.team,
  );
}
