import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Everything production requires (real URLs and credentials). */
const PRODUCTION = {
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

describe('configuration', () => {
  it('works with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, siteId: 2, sandbox: true, seedDemo: true });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads ports, sites and host mappings', () => {
    const config = loadConfig({
      PORT: '8080',
      SITE_ID: '4',
      SITE_HOSTS: 'ug.dau.test=1, tz.dau.test=4',
    });
    expect(config.port).toBe(8080);
    expect(config.siteId).toBe(4);
    expect(config.siteHosts).toEqual({ 'ug.dau.test': 1, 'tz.dau.test': 4 });
  });

  it('rejects invalid values with a readable message', () => {
    expect(() => loadConfig({ SITE_ID: '9' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ SITE_HOSTS: 'x=7' })).toThrow(/SITE_HOSTS/);
  });

  it('refuses sandboxes in production and turns them off by default there', () => {
    expect(() => loadConfig({ ...PRODUCTION, SANDBOX: 'true' })).toThrow(/production/);
    expect(loadConfig(PRODUCTION)).toMatchObject({
      sandbox: false,
      seedDemo: false,
    });
  });

  it("picks the SMS gateway: the sandbox outbox by default, Africa's Talking when asked", () => {
    expect(loadConfig({}).sms.provider).toBe('sandbox');
    expect(loadConfig({ SANDBOX: 'false' }).sms.provider).toBe('none');
    expect(loadConfig({ SANDBOX: 'false', NODE_ENV: 'test' }).sms.provider).toBe('none');
    // Without a base URL while sandboxes are on: this server's Africa's Talking sandbox.
    expect(loadConfig({ SMS_PROVIDER: 'africastalking' }).sms).toMatchObject({
      provider: 'africastalking',
      africasTalking: { baseUrl: undefined },
    });
    const live = loadConfig({ ...PRODUCTION, AFRICASTALKING_SENDER_ID: 'DAU' });
    expect(live.sms.africasTalking).toEqual({
      username: 'dau',
      apiKey: 'key',
      senderId: 'DAU',
      baseUrl: 'https://api.africastalking.com',
    });
  });

  it('refuses the SMS sandbox in production, and a real gateway without credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'sandbox' })).toThrow(
      /SMS_PROVIDER: the SMS sandbox is refused in production/,
    );
    expect(() => loadConfig({ SANDBOX: 'false', SMS_PROVIDER: 'sandbox' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'africastalking' })).toThrow(
      /AFRICASTALKING_API_KEY/,
    );
    expect(() =>
      loadConfig({
        SMS_PROVIDER: 'africastalking',
        AFRICASTALKING_BASE_URL: 'https://api.sandbox.africastalking.com',
        AFRICASTALKING_USERNAME: 'sandbox',
      }),
    ).toThrow(/AFRICASTALKING_API_KEY/);
  });
});
