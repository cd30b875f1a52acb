import type { SportListItem } from '@dau/contracts/sports/list-sports';
import { describe, expect, it } from 'vitest';
import { withoutEvent } from './sports-counts';

const sport = (id: number, counts: [number, number, number]): SportListItem => ({
  id,
  name: `Sport ${id}`,
  defaultMarketId: 1,
  sportOrder: id,
  nrOfEvents: counts[0],
  sortBy: 'time',
  quickFilter: [],
  categories: [
    {
      id: 10,
      name: 'England',
      count: counts[1],
      subCategories: [
        { id: 100, sportId: id, categoryId: 10, name: 'Premier League', nrOfEvents: counts[2] },
      ],
    },
  ],
});

const place = { sportId: 1, categoryId: 10, tournamentId: 100 };

describe('event counts after a deletion', () => {
  it('drops sport, category and tournament counts by one', () => {
    const [next] = withoutEvent([sport(1, [5, 3, 2])], place);
    expect(next?.nrOfEvents).toBe(4);
    expect(next?.categories[0]?.count).toBe(2);
    expect(next?.categories[0]?.subCategories[0]?.nrOfEvents).toBe(1);
  });

  it('removes entries that reach zero and leaves other sports alone', () => {
    const other = sport(2, [1, 1, 1]);
    expect(withoutEvent([sport(1, [1, 1, 1]), other], place)).toEqual([other]);
    const [next] = withoutEvent([sport(1, [4, 1, 1])], place);
    expect(next?.categories).toEqual([]);
    const [kept] = withoutEvent([sport(1, [4, 2, 1])], place);
    expect(kept?.categories[0]?.subCategories).toEqual([]);
  });
});
