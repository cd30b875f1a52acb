import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => {
  await t.close();
});

it('answers 429 with the envelope and Retry-After past the limit', async () => {
  const statuses: number[] = [];
  let last;
  for (let i = 0; i < 5; i += 1) {
    last = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    statuses.push(last.statusCode);
  }
  expect(statuses).toEqual([404, 404, 404, 429, 429]);
  expect(last?.headers['retry-after']).toBeDefined();
  expect(last?.json().datasource_entries[0].value).toBe('RATE_LIMITED');
});
