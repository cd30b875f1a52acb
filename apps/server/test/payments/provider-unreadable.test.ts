import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * M-Pesa (or a proxy in front of it) answering something that is not JSON, here an HTML page:
 * the deposit is refused as "M-Pesa unavailable" (503 in the envelope), not a 500. Found by the
 * crash test of the reliability suite (docs/reliability.md).
 */
let t: TestApp;
let provider: http.Server;
beforeAll(async () => {
  provider = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end('The web app is not here. <html></html>');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  t = await createTestApp({ DARAJA_BASE_URL: `http://127.0.0.1:${port}` });
  await t.listen();
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

it('answers a deposit 503 when M-Pesa answers an HTML page instead of JSON', async () => {
  const u = await createSignedInUser(t.deps.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/deposit/',
    cookies: u.cookies,
    payload: { PhoneNumber: u.user.phone, Amount: 50, SiteId: 2 },
  });
  expect(res.statusCode, res.body).toBe(503);
  expect(res.json()).toMatchObject({ hasErrors: true });
  const rows = await t.deps.db.selectFrom('payments').select('status').execute();
  expect(rows).toEqual([{ status: 'failed' }]);
});
