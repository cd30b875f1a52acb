import { describe, expect, it } from 'vitest';
import { POPULAR_COUNTRIES_SHOWN, popularFootballLinks } from './popular-football';

describe('popular football menus', () => {
  it('links tournaments and countries the way spec doc 1 §2 names them', () => {
    const menus = popularFootballLinks({
      subCategories: [
        { i: 2101, n: 'Premier League', c: 14, pn: 'Kenya', pi: 1101 },
        { i: 2110, n: 'UEFA Champions League', c: 8, pn: 'International Clubs', pi: 1110 },
        { i: 2199, n: 'Empty Cup', c: 0, pn: 'Kenya', pi: 1101 },
      ],
      categories: [
        { i: 1102, n: 'England', c: 30 },
        { i: 1101, n: 'Kenya', c: 20 },
      ],
    });
    expect(menus.tournaments.map((t) => t.href)).toEqual([
      '/sports/football-1/kenya-1101/premier-league-2101',
      '/sports/football-1/international-clubs-1110/uefa-champions-league-2110',
    ]);
    expect(menus.tournaments[0]).toMatchObject({
      label: 'Premier League',
      detail: 'Kenya',
      count: 14,
    });
    expect(menus.countries.map((c) => [c.label, c.href])).toEqual([
      ['England', '/sports/football-1/england-1102'],
      ['Kenya', '/sports/football-1/kenya-1101'],
    ]);
  });

  it('shows at most a handful of countries', () => {
    const categories = Array.from({ length: 20 }, (_, i) => ({
      i: 1000 + i,
      n: `Land ${i}`,
      c: 5,
    }));
    expect(popularFootballLinks({ subCategories: [], categories }).countries).toHaveLength(
      POPULAR_COUNTRIES_SHOWN,
    );
  });
});
