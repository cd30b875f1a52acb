import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorEnvelope } from '@dau/contracts/errors';
import { AppError } from '../../src/errors/app-error';
import { toErrorResponse } from '../../src/plugins/error-handler';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(async () => {
  await t.close();
});

describe('error envelope over HTTP', () => {
  it('answers 404 with the envelope for unknown /api paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does/not/exist' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(isErrorEnvelope(body)).toBe(true);
    expect(body.datasource_entries[0].value).toBe('NOT_FOUND');
  });

  it('answers 404 for unknown methods on page paths', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/sports' });
    expect(res.statusCode).toBe(404);
    expect(isErrorEnvelope(res.json())).toBe(true);
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { 'content-type': 'application/json' },
      payload: '{"kind": "script",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().datasource_entries[0].value).toBe('MALFORMED_JSON');
  });

  it('answers 400 naming the field for schema violations', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      payload: { kind: 'nonsense', message: '' },
    });
    expect(res.statusCode).toBe(400);
    const entries = res.json().datasource_entries as { value: string; name: string }[];
    expect(entries.every((e) => e.value === 'VALIDATION_FAILED')).toBe(true);
    expect(entries.map((e) => e.name)).toContain('kind');
  });

  it('answers 413 for oversized bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      payload: { kind: 'script', message: 'x'.repeat(10_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().datasource_entries[0].value).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 415 for unsupported content types', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'abc',
    });
    expect(res.statusCode).toBe(415);
    expect(isErrorEnvelope(res.json())).toBe(true);
  });

  it('accepts a valid client log entry and stores it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-log',
      payload: { kind: 'script', message: 'TypeError: x is undefined', url: '/sports' },
    });
    expect(res.statusCode).toBe(202);
    const rows = await t.deps.db.selectFrom('client_logs').selectAll().execute();
    expect(rows.map((r) => r.message)).toContain('TypeError: x is undefined');
  });
});

describe('error mapping', () => {
  it('maps AppError codes to their statuses', () => {
    expect(toErrorResponse(new AppError('UNAUTHENTICATED')).status).toBe(401);
    expect(toErrorResponse(new AppError('FORBIDDEN')).status).toBe(403);
    expect(toErrorResponse(new AppError('CONFLICT', 'Already done')).status).toBe(409);
    const conflict = toErrorResponse(new AppError('CONFLICT', 'Already done')).body;
    expect(conflict.datasource_entries[0]).toMatchObject({
      error_triggered: true,
      dimension_value: 'Already done',
      value: 'CONFLICT',
    });
  });

  it('hides the internals of unexpected errors', () => {
    const result = toErrorResponse(new Error('connection string postgres://secret'));
    expect(result.status).toBe(500);
    expect(result.unexpected).toBe(true);
    expect(JSON.stringify(result.body)).not.toContain('secret');
  });

  it('answers 503 UNAVAILABLE while the database cannot be reached, not 500', () => {
    const outages = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ];
    for (const error of outages) {
      const result = toErrorResponse(error);
      expect(result, error.message).toMatchObject({ status: 503, unexpected: false });
      expect(result.body.datasource_entries[0]?.value).toBe('UNAVAILABLE');
    }
    // A data exception stays the client's 400; anything else unknown stays a 500.
    expect(toErrorResponse(Object.assign(new Error('x'), { code: '22P02' })).status).toBe(400);
    expect(toErrorResponse(Object.assign(new Error('x'), { code: '42P01' })).status).toBe(500);
  });
});
