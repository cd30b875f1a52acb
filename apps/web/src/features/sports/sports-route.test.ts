import { describe, expect, it } from 'vitest';
import {
  eventPath,
  parseSportsQuery,
  resolveSportId,
  specifierLabel,
  sportSlug,
  withQuery,
} from './sports-route';

const q = (text: string) => parseSportsQuery(new URLSearchParams(text));

describe('sports route parameters', () => {
  it('applies the odds range only when both bounds are present', () => {
    expect(q('minodd=1.5&maxodd=3').odds).toEqual({ min: 1.5, max: 3 });
    expect(q('minodd=1.5').odds).toBeNull();
    expect(q('maxodd=3').odds).toBeNull();
    expect(q('minodd=abc&maxodd=3').odds).toBeNull();
    expect(q('minodd=4&maxodd=3').odds).toBeNull();
  });

  it('reads filter, specifier, tournaments and lastkey', () => {
    expect(q('filter=18&specifier=total%3D2.5&tournaments=2103,x,2104&lastkey=k1')).toEqual({
      odds: null,
      marketId: 18,
      specifier: 'total=2.5',
      tournaments: [2103, 2104],
      lastKey: 'k1',
    });
    expect(q('filter=abc').marketId).toBeNull();
  });

  it('takes the sport from a number or the last dash segment, else soccer, else the first sport', () => {
    expect(resolveSportId('football-1', [])).toBe(1);
    expect(resolveSportId('2', [])).toBe(2);
    expect(resolveSportId('ice-hockey-4', [])).toBe(4);
    expect(resolveSportId(undefined, [{ id: 2 }, { id: 1 }])).toBe(1);
    expect(resolveSportId(undefined, [{ id: 5 }, { id: 2 }])).toBe(5);
    expect(resolveSportId('football', [{ id: 5 }])).toBe(5);
  });

  it('builds slugs and event paths the routes parse back', () => {
    expect(sportSlug({ id: 1, name: 'Soccer' })).toBe('football-1');
    expect(sportSlug({ id: 4, name: 'Ice Hockey' })).toBe('ice-hockey-4');
    expect(
      eventPath({
        id: 30000161,
        sid: 1,
        lsn: 'Soccer',
        cid: 1109,
        lcn: 'Tanzania',
        tid: 2112,
        ltn: 'Premier League',
      }),
    ).toBe('/sports/football-1/tanzania-1109/premier-league-2112/30000161');
  });

  it('makes specifier lines readable', () => {
    expect(specifierLabel('total=2.5')).toBe('Total 2.5');
    expect(specifierLabel('hcp=-1')).toBe('Handicap -1');
    expect(specifierLabel('')).toBe('');
  });

  it('changes query parameters and restarts paging on a filter change', () => {
    const search = new URLSearchParams('filter=1&lastkey=abc&tournaments=1');
    expect(withQuery(search, { tournaments: null })).toBe('?filter=1');
    expect(withQuery(search, { filter: '18', specifier: 'total=2.5' })).toBe(
      '?filter=18&tournaments=1&specifier=total%3D2.5',
    );
  });
});
