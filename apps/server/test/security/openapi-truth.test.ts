import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorEnvelope } from '@dau/contracts/errors';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createSignedInUser } from '../helpers/factories';

let t: TestApp;
interface Answer {
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, Answer>;
}
let paths: Record<string, Record<string, Operation>>;
let components: { securitySchemes?: Record<string, Record<string, string>> };

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  ({ paths, components } = res.json());
});
afterAll(async () => {
  await t.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
function operations(): [string, Operation][] {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
  );
}

/** Whether a documented answer is the error envelope (`hasErrors`, `datasource_entries`). */
function isEnvelopeSchema(answer: Answer | undefined) {
  const schema = answer?.content?.['application/json']?.schema as
    { properties?: Record<string, unknown>; required?: string[] } | undefined;
  return (
    !!schema?.properties?.hasErrors &&
    !!schema.properties.datasource_entries &&
    (schema.required ?? []).includes('datasource_entries')
  );
}

describe('the OpenAPI document tells the truth (issue #17 finding 7)', () => {
  it('declares the cookie and bearer security schemes', () => {
    expect(components.securitySchemes).toMatchObject({
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'authBB' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
  });

  it('every operation documents its 4xx answers and its security', () => {
    const problems: string[] = [];
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    for (const [name, op] of ops) {
      if (!Array.isArray(op.security)) problems.push(`${name}: no security`);
      const responses = op.responses ?? {};
      const fourxx = Object.keys(responses).filter((s) => /^4\d\d$/.test(s));
      if (fourxx.length === 0) problems.push(`${name}: no 4xx answer`);
      // The envelope, unless the operation documents its own error shape (Storyblok CDN,
      // game-wallet seam): then every 4xx it lists is in that shape, except 414, which the
      // router answers before any route runs, in the envelope.
      const envelope = fourxx.filter((s) => s !== '414' && isEnvelopeSchema(responses[s]));
      if (envelope.length > 0 && !fourxx.includes('400')) problems.push(`${name}: no 400`);
      if (envelope.length > 0 && !fourxx.includes('429')) problems.push(`${name}: no 429`);
    }
    expect(problems).toEqual([]);
  });

  it('operations behind a session document 401 and both schemes; public ones none', () => {
    const profile = paths['/api/core/customer/v2/getSettings']!.get!;
    expect(profile.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    expect(isEnvelopeSchema(profile.responses!['401'])).toBe(true);
    const placeBet = paths['/api/core/betslip/PlaceBet']!.post!;
    expect(placeBet.security).toEqual([{ cookieAuth: [] }, { bearerAuth: [] }]);
    for (const status of ['400', '401', '413', '415', '429']) {
      expect(isEnvelopeSchema(placeBet.responses![status]), status).toBe(true);
    }
    const booking = paths['/api/core/betslip/GetBookingCode/{code}']!.get!;
    expect(booking.security).toEqual([{}, { cookieAuth: [] }, { bearerAuth: [] }]);
    expect(isEnvelopeSchema(booking.responses!['400'])).toBe(true);
    const login = paths['/api/core/login3']!.post!;
    expect(login.security).toEqual([]);
    // Public, yet it answers 401 for wrong credentials (and 403 for a break), in the envelope.
    expect(isEnvelopeSchema(login.responses!['401'])).toBe(true);
    expect(isEnvelopeSchema(login.responses!['403'])).toBe(true);
  });

  it('what is documented is what is answered: 401 without a session, 400 for a bad code', async () => {
    const unsigned = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/v2/getSettings',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(isErrorEnvelope(unsigned.json())).toBe(true);
    const { token } = await createSignedInUser(t.deps.db);
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/api/core/customer/v2/getSettings',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bearer.statusCode).toBe(200);
    const badCode = await t.app.inject({
      method: 'GET',
      url: '/api/core/betslip/GetBookingCode/!!',
    });
    expect(badCode.statusCode).toBe(400);
    expect(isErrorEnvelope(badCode.json())).toBe(true);
  });
});
