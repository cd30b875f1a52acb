import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { addressKey, clientAddress } from '../../src/plugins/client-address';
import { lastSms } from '../accounts/helpers';
import { createUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** Everything production requires, so one missing variable at a time can be tested. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://dau.example',
  PAYMENTS_CALLBACK_TOKEN: 'callback-token-0123456789',
  BB_JWT_SECRET: 'a'.repeat(40),
  SMS_PROVIDER: 'africastalking',
  AFRICASTALKING_USERNAME: 'dau',
  AFRICASTALKING_API_KEY: 'key',
  DARAJA_BASE_URL: 'https://api.safaricom.co.ke',
  DARAJA_CONSUMER_KEY: 'key',
  DARAJA_CONSUMER_SECRET: 'secret',
  DARAJA_PASSKEY: 'passkey',
  DARAJA_SECURITY_CREDENTIAL: 'credential',
};

async function askForReset(t: TestApp, phone: string, headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/core/forgotten-password',
    headers,
    payload: { UnspecifiedUsername: phone },
  });
  expect(res.statusCode).toBe(200);
  return lastSms(t, phone);
}

describe('password-reset links are built from configured addresses only', () => {
  let t: TestApp;
  let withUrls: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PORT: '3500', TRUST_PROXY: '1' });
    withUrls = await createTestApp({
      PUBLIC_URL: 'https://dau.example/',
      SITE_PUBLIC_URLS: '1=https://ug.dau.example',
      SITE_HOSTS: 'ug.dau.example=1',
    });
  });
  afterAll(async () => {
    await Promise.all([t.close(), withUrls.close()]);
  });

  it('never puts a forged Host or X-Forwarded-Host into the SMS', async () => {
    const user = await createUser(t.deps.db);
    const forged = await askForReset(t, user.phone, { host: 'evil.example' });
    expect(forged).not.toContain('evil.example');
    expect(forged).toContain('http://localhost:3500/reset-password/');

    const user2 = await createUser(t.deps.db);
    const viaProxy = await askForReset(t, user2.phone, {
      host: 'localhost',
      'x-forwarded-host': 'evil.example',
    });
    expect(viaProxy).not.toContain('evil.example');
  });

  it('uses the site public URL, else PUBLIC_URL, whatever the Host says', async () => {
    const kenyan = await createUser(withUrls.deps.db);
    const sms = await askForReset(withUrls, kenyan.phone, { host: 'evil.example' });
    expect(sms).toMatch(
      /^Reset your Dau PIN or password: https:\/\/dau\.example\/reset-password\//,
    );

    const ugandan = await createUser(withUrls.deps.db, {
      site_id: 1,
      phone: `+2567${String(Date.now()).slice(-8)}`,
    });
    const ugSms = await askForReset(withUrls, ugandan.phone, { host: 'ug.dau.example' });
    expect(ugSms).toContain('https://ug.dau.example/reset-password/');
  });
});

describe('production refuses to start on laptop defaults', () => {
  it('starts with every secret and URL set', () => {
    expect(loadConfig(PRODUCTION_ENV).publicUrl).toBe('https://dau.example');
  });

  it.each([
    'PUBLIC_URL',
    'PAYMENTS_CALLBACK_TOKEN',
    'BB_JWT_SECRET',
    'SMS_PROVIDER',
    'DARAJA_BASE_URL',
    'DARAJA_CONSUMER_KEY',
    'DARAJA_PASSKEY',
  ])('without %s', (name) => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, [name]: '' })).toThrow(new RegExp(name));
  });
});

describe('trusted proxies', () => {
  it('refuses TRUST_PROXY=true and reads hop counts and address lists', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
    ]);
  });

  it('takes the address the trusted proxy saw, not the one the client wrote', () => {
    // The client sends "X-Forwarded-For: 6.6.6.6"; the proxy appends the real peer 41.90.1.2.
    const xff = '6.6.6.6, 41.90.1.2';
    expect(clientAddress('10.0.0.9', xff, 1)).toBe('41.90.1.2');
    expect(clientAddress('10.0.0.9', xff, ['10.0.0.0/8'])).toBe('41.90.1.2');
    expect(clientAddress('::ffff:10.0.0.9', xff, ['10.0.0.0/8'])).toBe('41.90.1.2');
    // Two proxies in front: the second-to-last entry was added by the outer proxy.
    expect(clientAddress('10.0.0.9', '6.6.6.6, 41.90.1.2, 10.0.0.3', 2)).toBe('41.90.1.2');
    // An untrusted peer's header is ignored entirely.
    expect(clientAddress('41.90.1.2', '6.6.6.6', ['10.0.0.0/8'])).toBe('41.90.1.2');
    expect(clientAddress('41.90.1.2', '6.6.6.6', false)).toBe('41.90.1.2');
    // More hops configured than present: the left-most is all there is.
    expect(clientAddress('10.0.0.9', '41.90.1.2', 3)).toBe('41.90.1.2');
  });

  it('counts IPv6 clients by their /64', () => {
    expect(addressKey('2c0f:fe38:2401:c1d0:1:2:3:4')).toBe('2c0f:fe38:2401:c1d0::/64');
    expect(addressKey('2c0f:fe38::1')).toBe('2c0f:fe38:0:0::/64');
    expect(addressKey('::ffff:41.90.1.2')).toBe('41.90.1.2');
  });
});
