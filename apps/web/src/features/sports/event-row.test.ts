import type { EventSummary } from '@dau/contracts/sports/event-summary';
import { describe, expect, it } from 'vitest';
import { groupByLeague, outcomeLabel } from './event-row';

const event = { htn: 'Fulham', atn: 'Nottingham Forest' } as EventSummary;

describe('event rows', () => {
  it('labels outcomes the coupon way: 1, X, 2 and double chance 1X / 12 / X2', () => {
    expect(['Fulham', 'draw', 'Nottingham Forest'].map((n) => outcomeLabel(event, n))).toEqual([
      '1',
      'X',
      '2',
    ]);
    expect(
      ['Fulham or draw', 'Fulham or Nottingham Forest', 'draw or Nottingham Forest'].map((n) =>
        outcomeLabel(event, n),
      ),
    ).toEqual(['1X', '12', 'X2']);
    expect(outcomeLabel(event, 'over 2.5')).toBe('Over 2.5');
  });

  it('groups events by league in list order', () => {
    const e = (id: number, tid: number, ltn: string) =>
      ({ id, tid, ltn, lcn: 'England' }) as EventSummary;
    const groups = groupByLeague([e(1, 10, 'A'), e(2, 20, 'B'), e(3, 10, 'A')]);
    expect(groups.map((g) => [g.title, g.events.map((x) => x.id)])).toEqual([
      ['England · A', [1, 3]],
      ['England · B', [2]],
    ]);
  });
});
