import type { Story } from '@dau/contracts/content/delivery-api';

/**
 * Storyblok's story-listing filters (delivery API v2), as pure functions over wire stories:
 * `filter_query` with its operations and `__or` groups, `sort_by`, slug patterns with `*`,
 * and `excluding_fields`. The local content service applies them; the Storyblok proxy forwards
 * the parameters instead.
 */

export const FILTER_OPERATIONS = [
  'is',
  'in',
  'not_in',
  'like',
  'not_like',
  'any_in_array',
  'all_in_array',
  'in_array',
  'gt_int',
  'lt_int',
  'gt_float',
  'lt_float',
  'gt_date',
  'lt_date',
] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];

export interface FieldFilter {
  /** Path inside `content`, dot separated (`seo.description`, `body.0.title`). */
  field: string;
  operation: FilterOperation;
  value: string;
}

/** Every entry of `all` must hold, and at least one of each `any` group when there is one. */
export interface FilterQuery {
  all: FieldFilter[];
  any: FieldFilter[];
}

export class StoryQueryError extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message);
    this.name = 'StoryQueryError';
  }
}

const FILTER_KEY = /^filter_query\[([^\]]*)\]((?:\[[^\]]*\])*)$/;

/**
 * Reads `filter_query[field][op]=v` and `filter_query[__or][][field][op]=v` pairs from a query
 * string (the bracket syntax storyblok-js-client writes). Unknown operations are refused.
 */
export function parseFilterQuery(search: URLSearchParams): FilterQuery {
  const query: FilterQuery = { all: [], any: [] };
  for (const [key, value] of search) {
    if (!key.startsWith('filter_query')) continue;
    const match = FILTER_KEY.exec(key);
    const parts = match
      ? [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)]
      : [];
    const isOr = parts[0] === '__or';
    // `__or` groups come as `[__or][]` or `[__or][0]`, then the field and the operation.
    const rest = isOr ? parts.slice(2) : parts;
    if (rest.length !== 2 || !rest[0]) {
      throw new StoryQueryError(
        'filter_query',
        `"${key}" is not a filter; use filter_query[field][operation]=value`,
      );
    }
    const [field, operation] = rest as [string, string];
    if (!(FILTER_OPERATIONS as readonly string[]).includes(operation)) {
      throw new StoryQueryError(
        'filter_query',
        `"${operation}" is not a filter operation (${FILTER_OPERATIONS.join(', ')})`,
      );
    }
    const filter = { field, operation: operation as FilterOperation, value };
    checkValue(filter);
    (isOr ? query.any : query.all).push(filter);
  }
  return query;
}

const IS_VALUES = [
  'empty',
  'not_empty',
  'empty_array',
  'not_empty_array',
  'true',
  'false',
  'null',
  'not_null',
];

/** Values an operation cannot compare with are refused before any story is looked at. */
function checkValue({ operation, value }: FieldFilter): void {
  if (operation === 'is' && !IS_VALUES.includes(value)) {
    throw new StoryQueryError('filter_query', `"is" takes one of ${IS_VALUES.join(', ')}`);
  }
  if (/^(gt|lt)_(int|float)$/.test(operation) && Number.isNaN(numberOf(value, false))) {
    throw new StoryQueryError('filter_query', `${operation} needs a number`);
  }
  if (/^(gt|lt)_date$/.test(operation) && Number.isNaN(dateOf(value))) {
    throw new StoryQueryError('filter_query', `${operation} needs a date such as 2026-11-23 10:00`);
  }
}

function fieldValue(content: unknown, field: string): unknown {
  let node = content;
  for (const part of field.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** Storyblok's `*` wildcard, case-insensitive, over the whole value. */
export function wildcard(pattern: string): RegExp {
  const escaped = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'is');
}

const values = (value: string) => value.split(',');

/** `YYYY-mm-dd HH:MM` (Storyblok's date fields) or ISO; NaN when not a date. */
function dateOf(value: string): number {
  return Date.parse(
    /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? `${value.replace(' ', 'T')}Z` : value,
  );
}

function numberOf(value: unknown, integer: boolean): number {
  const text = asText(value);
  if (text === null || text.trim() === '') return Number.NaN;
  return integer ? Number.parseInt(text, 10) : Number.parseFloat(text);
}

export function matchesFilter(content: unknown, filter: FieldFilter): boolean {
  const value = fieldValue(content, filter.field);
  const text = asText(value);
  switch (filter.operation) {
    case 'is':
      switch (filter.value) {
        case 'empty':
          return value === undefined || value === null || value === '';
        case 'not_empty':
          return value !== undefined && value !== null && value !== '';
        case 'empty_array':
          return Array.isArray(value) && value.length === 0;
        case 'not_empty_array':
          return Array.isArray(value) && value.length > 0;
        case 'true':
          return value === true || value === 'true';
        case 'false':
          return value === false || value === 'false';
        case 'null':
          return value === null;
        default:
          return value !== null && value !== undefined;
      }
    case 'in':
      // An empty value matches empty strings and null, as Storyblok's `in` does.
      return values(filter.value).some((v) =>
        v === '' ? value === '' || value === null || value === undefined : text === v,
      );
    case 'not_in':
      return !values(filter.value).some((v) => text === v);
    case 'like':
      return text !== null && values(filter.value).some((v) => wildcard(v).test(text));
    case 'not_like':
      return text === null || !values(filter.value).some((v) => wildcard(v).test(text));
    case 'any_in_array':
    case 'in_array':
      return (
        Array.isArray(value) && values(filter.value).some((v) => value.map(asText).includes(v))
      );
    case 'all_in_array':
      return (
        Array.isArray(value) && values(filter.value).every((v) => value.map(asText).includes(v))
      );
    case 'gt_int':
    case 'lt_int':
    case 'gt_float':
    case 'lt_float': {
      const integer = filter.operation.endsWith('int');
      const own = numberOf(value, integer);
      const bound = numberOf(filter.value, integer);
      if (Number.isNaN(own)) return false;
      return filter.operation.startsWith('gt') ? own > bound : own < bound;
    }
    case 'gt_date':
    case 'lt_date': {
      const bound = dateOf(filter.value);
      const own = text === null ? Number.NaN : dateOf(text);
      if (Number.isNaN(own)) return false;
      return filter.operation === 'gt_date' ? own > bound : own < bound;
    }
  }
}

export function matchesFilterQuery(content: unknown, query: FilterQuery): boolean {
  return (
    query.all.every((filter) => matchesFilter(content, filter)) &&
    (query.any.length === 0 || query.any.some((filter) => matchesFilter(content, filter)))
  );
}

/** `by_slugs` / `excluding_slugs` patterns: comma separated full slugs with `*`. */
export function slugPatterns(list: string): RegExp[] {
  return values(list)
    .map((s) => s.trim().replace(/^\/+/, ''))
    .filter(Boolean)
    .map((s) => {
      const escaped = s
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      return new RegExp(`^${escaped}$`);
    });
}

export interface SortOrder {
  path: string[];
  descending: boolean;
  numeric: 'int' | 'float' | null;
}

/** `position:desc`, `content.title:asc`, `content.price:asc:int`. */
export function parseSortBy(sortBy: string): SortOrder {
  const [field = '', direction = 'asc', type] = sortBy.split(':');
  if (!/^[a-zA-Z0-9_.-]+$/.test(field) || !['asc', 'desc'].includes(direction)) {
    throw new StoryQueryError('sort_by', 'use field:asc or field:desc (e.g. content.title:asc)');
  }
  if (type !== undefined && type !== 'int' && type !== 'float') {
    throw new StoryQueryError('sort_by', 'the type after the direction is int or float');
  }
  return {
    path: field.split('.'),
    descending: direction === 'desc',
    numeric: (type as 'int' | 'float' | undefined) ?? null,
  };
}

export function compareBy(order: SortOrder): (a: Story, b: Story) => number {
  const key = (story: Story): string | number | null => {
    const raw = fieldValue(story, order.path.join('.'));
    if (order.numeric) {
      const n = numberOf(raw, order.numeric === 'int');
      return Number.isNaN(n) ? null : n;
    }
    if (typeof raw === 'number') return raw;
    return asText(raw);
  };
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    // Stories without the field come last whichever the direction.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const result =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order.descending ? -result : result;
  };
}

/** Full-text `search_term`: every word in the story's name or any text of its content. */
export function matchesSearchTerm(story: Story, term: string): boolean {
  const texts: string[] = [story.name];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') texts.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) if (key !== '_uid') walk(value);
    }
  };
  walk(story.content);
  const haystack = texts.join('\n').toLocaleLowerCase();
  return term
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** `excluding_fields`: drops the named root fields of the content (never component/_uid). */
export function withoutFields(story: Story, fields: string[]): Story {
  if (fields.length === 0) return story;
  const content = { ...story.content } as Record<string, unknown>;
  for (const field of fields) if (field !== 'component' && field !== '_uid') delete content[field];
  return { ...story, content: content as Story['content'] };
}
