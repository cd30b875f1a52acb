import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

it('compresses large JSON answers for clients that accept it', async () => {
  const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const gzip = await t.app.inject({
    method: 'GET',
    url: '/api/docs/json',
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
});
