import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const MAX = 256 * 1024;

beforeAll(async () => {
  t = await createTestApp({ CONNECTION_TEST_MAX_BYTES: String(MAX) });
});
afterAll(async () => {
  await t.close();
});

describe('connection test endpoints', () => {
  it('answers a ping that no cache may keep', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/connection-test/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ pong: true });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('downloads 102400 bytes by default and the asked size otherwise', async () => {
    const byDefault = await t.app.inject({
      method: 'GET',
      url: '/api/connection-test/download',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.headers['content-encoding'] ?? 'identity').toBe('identity');
    expect(byDefault.rawPayload.length).toBe(102_400);
    expect(byDefault.headers['content-type']).toBe('application/octet-stream');
    expect(byDefault.headers['cache-control']).toContain('no-store');

    const sized = await t.app.inject({
      method: 'GET',
      url: '/api/connection-test/download?size=150001',
    });
    expect(sized.rawPayload.length).toBe(150_001);
    // Not a run of zeros: a compressing proxy must not be able to shrink it.
    expect(new Set(sized.rawPayload.subarray(0, 1000)).size).toBeGreaterThan(100);
  });

  it('refuses sizes above the cap and nonsense sizes', async () => {
    const tooBig = await t.app.inject({
      method: 'GET',
      url: `/api/connection-test/download?size=${MAX + 1}`,
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().datasource_entries[0].dimension_value).toContain(String(MAX));
    const atCap = await t.app.inject({
      method: 'GET',
      url: `/api/connection-test/download?size=${MAX}`,
    });
    expect(atCap.rawPayload.length).toBe(MAX);
    const nonsense = await t.app.inject({
      method: 'GET',
      url: '/api/connection-test/download?size=-5',
    });
    expect(nonsense.statusCode).toBe(400);
  });

  it('accepts binary uploads up to the cap and counts the bytes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/connection-test/upload',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(200 * 1024, 7),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ receivedBytes: 200 * 1024 });

    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/connection-test/upload',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(MAX + 1),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().hasErrors).toBe(true);
  });

  it('refuses uploads that are not binary', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/connection-test/upload',
      payload: { not: 'binary' },
    });
    expect(res.statusCode).toBe(415);
  });
});
