import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Each of these answered 500 before (issue #17, finding 5): every one is the client's fault
 * and must answer a 4xx in the error envelope.
 */
let t: TestApp;
let cookies: { authBB: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
  ({ cookies } = await createSignedInUser(t.deps.db));
});
afterAll(async () => {
  await t.close();
});

function expectEnvelope4xx(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  const body = JSON.parse(res.body) as { hasErrors: boolean; datasource_entries: unknown[] };
  expect(body.hasErrors, label).toBe(true);
  expect(body.datasource_entries.length, label).toBeGreaterThan(0);
}

const NUL = '\u0000';
const selection = { eventId: 1, marketId: 1, specifier: '', outcomeId: 1, odds: 1.5 };
const bet = {
  siteId: 2,
  betType: 'single',
  stake: 10,
  idempotencyKey: 'key-12345678',
  selections: [selection],
};

describe('a NUL character in any string is a 400', () => {
  const cases: [string, string, unknown, boolean][] = [
    ['login3', '/api/core/login3', { UnspecifiedUsername: `de${NUL}mo`, UserPassword: 'x' }, false],
    [
      'login3 password',
      '/api/core/login3',
      { UnspecifiedUsername: 'demo', UserPassword: NUL },
      false,
    ],
    [
      'forgotten password',
      '/api/core/forgotten-password',
      { UnspecifiedUsername: `07${NUL}1` },
      false,
    ],
    ['client-log message', '/api/client-log', { kind: 'other', message: `boom${NUL}` }, false],
    [
      'client-log key',
      '/api/client-log',
      { kind: 'other', message: 'x', details: { [`k${NUL}`]: 1 } },
      false,
    ],
    ['feature store', '/feature/store', { [`bets${NUL}`]: true, x: `a${NUL}` }, true],
    [
      'PlaceBet specifier',
      '/api/core/betslip/PlaceBet',
      { ...bet, selections: [{ ...selection, specifier: `total=${NUL}` }] },
      true,
    ],
    [
      'PlaceBet key',
      '/api/core/betslip/PlaceBet',
      { ...bet, idempotencyKey: `key-1234${NUL}5678` },
      true,
    ],
    [
      'CreateBookingCode',
      '/api/core/betslip/CreateBookingCode',
      { siteId: 2, selections: [{ ...selection, specifier: NUL }] },
      false,
    ],
  ];
  it.each(cases)('%s', async (label, url, payload, signedIn) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      ...(signedIn ? { cookies } : {}),
    });
    expectEnvelope4xx(res, label);
  });

  it('in the query string (SMS outbox phone)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/sms/outbox?phone=%2B254%00',
    });
    expectEnvelope4xx(res, 'outbox phone');
  });
});

describe('numbers and dates out of the database range', () => {
  it('refuses market and outcome ids above 2^31-1 in PlaceBet', async () => {
    for (const big of [{ marketId: 2 ** 31 }, { outcomeId: 2 ** 40 }, { eventId: 2 ** 53 - 1 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/core/betslip/PlaceBet',
        cookies,
        payload: { ...bet, selections: [{ ...selection, ...big }] },
      });
      expectEnvelope4xx(res, JSON.stringify(big));
    }
  });

  it('refuses far dates in bet history', async () => {
    for (const url of [
      '/api/core/betslip/history?to=12345',
      '/api/core/betslip/history?from=99999',
      '/api/core/betslip/history?from=-271821-04-20',
      '/api/core/betslip/history/days?to=12345',
      '/api/core/betslip/history/days?from=99999',
    ]) {
      expectEnvelope4xx(await t.app.inject({ method: 'GET', url, cookies }), url);
    }
  });
});

describe('races and malformed requests', () => {
  it('ten concurrent register/start for one new phone: no 500', async () => {
    const phone = `07${String(Date.now()).slice(-8)}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/core/register/start',
          remoteAddress: `10.9.0.${i + 1}`,
          payload: { phone, password: 'Good#pass12', acceptTerms: true, confirmMinimumAge: true },
        }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBeLessThan(500);
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
  });

  it('bad percent-encoding in a path is a 400 in the envelope', async () => {
    expectEnvelope4xx(await t.app.inject({ method: 'GET', url: '/api/core/%E0%A4%A' }), 'path');
    expectEnvelope4xx(
      await t.app.inject({ method: 'GET', url: '/api/core/reset-password/%ZZ' }),
      'param',
    );
  });
});

describe('limits Node and the router enforce answer the envelope too', () => {
  it('414 for a too-long path parameter, 431 for oversized headers', async () => {
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/core/reset-password/${'a'.repeat(300)}`,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json().datasource_entries[0].value).toBe('URI_TOO_LONG');

    const base = await t.listen();
    const res = await fetch(`${base}/api/health`, { headers: { 'x-big': 'x'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toMatchObject({
      hasErrors: true,
      datasource_entries: [{ value: 'HEADERS_TOO_LARGE' }],
    });
  });
});
