import type { DbOrTx } from '../../db/database';
import type { StoredTier } from './jackpots.tables';

/** The queries of round planning: the feed's fixtures a template can use, and a new round. */
/** Football fixtures not started, kicking off from `from`, not yet on a round of `template`. */
export async function candidateFixtures(db: DbOrTx, template: string, from: Date, limit: number) {
  const rows = await db
    .selectFrom('feed_events as e')
    .innerJoin('feed_tournaments as t', 't.id', 'e.tournament_id')
    .select(['e.id', 'e.home', 'e.away', 'e.start_time', 't.name as tournament'])
    .where('e.sport_id', '=', 1)
    .where('e.status', '=', 0)
    .where('e.start_time', '>=', from)
    .where('e.id', 'not in', (eb) =>
      eb
        .selectFrom('sports_jackpot_matches as m')
        .innerJoin('sports_jackpot_rounds as r', 'r.id', 'm.round_id')
        .select('m.event_id')
        .where('r.template', '=', template),
    )
    .orderBy('e.start_time')
    .orderBy('e.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    eventId: Number(r.id),
    home: r.home,
    away: r.away,
    tournament: r.tournament,
    kickoffAt: new Date(r.start_time),
  }));
}

export async function insertRound(
  db: DbOrTx,
  round: {
    template: string;
    name: string;
    siteId: number;
    matchCount: number;
    stakePerLine: number;
    tiers: StoredTier[];
    closesAt: Date;
    createdAt: Date;
  },
  matches: { eventId: number; home: string; away: string; tournament: string; kickoffAt: Date }[],
): Promise<number> {
  const row = await db
    .insertInto('sports_jackpot_rounds')
    .values({
      template: round.template,
      name: round.name,
      site_id: round.siteId,
      match_count: round.matchCount,
      stake_per_line: round.stakePerLine,
      tiers: JSON.stringify(round.tiers),
      closes_at: round.closesAt,
      created_at: round.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await db
    .insertInto('sports_jackpot_matches')
    .values(
      matches.map((m, i) => ({
        round_id: id,
        position: i,
        event_id: m.eventId,
        home: m.home,
        away: m.away,
        tournament: m.tournament,
        kickoff_at: m.kickoffAt,
        result: null,
      })),
    )
    .execute();
  return id;
}
