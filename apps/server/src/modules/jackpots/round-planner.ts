import type { JackpotTemplate } from '../../config/jackpots';
import type { Db } from '../../db/database';
import { closeDueRounds, hasOpenRound } from './jackpots.repository';
import { candidateFixtures, insertRound } from './rounds.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EAT_OFFSET = 3 * HOUR;

/** The EAT weekday (0 Sunday) of an instant. */
const eatWeekday = (t: Date) => new Date(t.getTime() + EAT_OFFSET).getUTCDay();
/** The EAT week (Monday to Sunday) of an instant, as days since the epoch's Monday. */
const eatWeek = (t: Date) => {
  const days = Math.floor((t.getTime() + EAT_OFFSET) / DAY);
  // 1 January 1970 was a Thursday: Monday-based weeks start 3 days before it.
  return Math.floor((days + 3) / 7);
};

/**
 * Rounds by configuration (ADR 226): closes rounds whose first match kicked off, then for each
 * template without an open round takes its matches from the feed's football fixtures: the
 * first `matchCount` not-started fixtures, at least `leadMs` ahead, on the template's EAT
 * weekdays of one week (the weekend, midweek), not on an earlier round of the template. The
 * round closes at its first kick-off. Safe on several instances: one open round per template
 * is a unique index.
 */
export async function planRounds(
  db: Db,
  templates: readonly JackpotTemplate[],
  now: Date,
): Promise<number[]> {
  await closeDueRounds(db, now);
  const created: number[] = [];
  for (const template of templates) {
    if (await hasOpenRound(db, template.key)) continue;
    const fixtures = await candidateFixtures(
      db,
      template.key,
      new Date(now.getTime() + template.leadMs),
      3_000,
    );
    const byWeek = new Map<number, typeof fixtures>();
    for (const f of fixtures) {
      if (!template.days.includes(eatWeekday(f.kickoffAt))) continue;
      const week = eatWeek(f.kickoffAt);
      byWeek.set(week, [...(byWeek.get(week) ?? []), f]);
    }
    const chosen = [...byWeek.values()].find((list) => list.length >= template.matchCount);
    if (!chosen) continue;
    const matches = chosen.slice(0, template.matchCount);
    const first = matches[0];
    if (!first) continue;
    try {
      const id = await db.transaction().execute((tx) =>
        insertRound(
          tx,
          {
            template: template.key,
            name: template.name,
            siteId: template.siteId,
            matchCount: template.matchCount,
            stakePerLine: template.stakePerLine,
            tiers: template.tiers,
            closesAt: first.kickoffAt,
            createdAt: now,
          },
          matches,
        ),
      );
      created.push(id);
    } catch (error) {
      // Another instance opened this template's round first (the unique index said so).
      if (!(await hasOpenRound(db, template.key))) throw error;
    }
  }
  return created;
}
