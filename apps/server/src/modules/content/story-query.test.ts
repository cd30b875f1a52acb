import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  matchesFilter,
  parseFilterQuery,
  parseSortBy,
  slugPatterns,
  StoryQueryError,
  wildcard,
} from './story-query';

const query = (search: string) => parseFilterQuery(new URLSearchParams(search));

describe('parseFilterQuery', () => {
  it('reads AND filters and __or alternatives in both bracket styles', () => {
    expect(
      query(
        'filter_query[a][in]=1,2&filter_query[__or][][b][is]=true&filter_query[__or][0][c.d][like]=x*',
      ),
    ).toEqual({
      all: [{ field: 'a', operation: 'in', value: '1,2' }],
      any: [
        { field: 'b', operation: 'is', value: 'true' },
        { field: 'c.d', operation: 'like', value: 'x*' },
      ],
    });
  });

  it('refuses unknown operations, malformed keys and values an operation cannot compare', () => {
    for (const bad of [
      'filter_query[a][nope]=1',
      'filter_query[a]=1',
      'filter_query[a][in][x]=1',
      'filter_query[a][is]=zzz-none',
      'filter_query[a][gt_int]=abc',
      'filter_query[a][lt_date]=soon',
    ]) {
      expect(() => query(bad), bad).toThrow(StoryQueryError);
    }
  });
});

describe('matchesFilter', () => {
  const content = { n: '12', tags: ['a', 'b'], nested: { flag: true }, empty: '' };

  it('follows dotted paths and compares numbers as numbers', () => {
    expect(matchesFilter(content, { field: 'nested.flag', operation: 'is', value: 'true' })).toBe(
      true,
    );
    expect(matchesFilter(content, { field: 'n', operation: 'gt_int', value: '9' })).toBe(true);
    expect(matchesFilter(content, { field: 'n', operation: 'lt_float', value: '9.5' })).toBe(false);
    expect(matchesFilter(content, { field: 'missing', operation: 'gt_int', value: '0' })).toBe(
      false,
    );
  });

  it('treats missing fields as empty and as not matching a like', () => {
    expect(matchesFilter(content, { field: 'missing', operation: 'is', value: 'empty' })).toBe(
      true,
    );
    expect(matchesFilter(content, { field: 'empty', operation: 'like', value: '' })).toBe(true);
    expect(matchesFilter(content, { field: 'missing', operation: 'like', value: '' })).toBe(false);
    expect(matchesFilter(content, { field: 'missing', operation: 'not_like', value: 'x' })).toBe(
      true,
    );
  });

  it('not_in is the complement of in, and not_like of like, for any value', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(
          fc.string({ minLength: 1 }).filter((s) => !s.includes(',')),
          { minLength: 1 },
        ),
        (value, list) => {
          const c = { f: value };
          const v = list.join(',');
          const inList = matchesFilter(c, { field: 'f', operation: 'in', value: v });
          const notIn = matchesFilter(c, { field: 'f', operation: 'not_in', value: v });
          expect(inList).toBe(!notIn);
          const like = matchesFilter(c, { field: 'f', operation: 'like', value: v });
          const notLike = matchesFilter(c, { field: 'f', operation: 'not_like', value: v });
          expect(like).toBe(!notLike);
        },
      ),
    );
  });
});

describe('patterns and sorting', () => {
  it('matches * anywhere and escapes everything else', () => {
    expect(wildcard('jo*n').test('JOHN')).toBe(true);
    expect(wildcard('a.b').test('axb')).toBe(false);
    const [pattern] = slugPatterns('posts/*');
    expect(pattern!.test('posts/a/b')).toBe(true);
    expect(pattern!.test('other/posts/a')).toBe(false);
  });

  it('parses sort_by and refuses anything else', () => {
    expect(parseSortBy('content.price:desc:int')).toEqual({
      path: ['content', 'price'],
      descending: true,
      numeric: 'int',
    });
    expect(() => parseSortBy('a:sideways')).toThrow(StoryQueryError);
    expect(() => parseSortBy('a:asc:bool')).toThrow(StoryQueryError);
  });
});
