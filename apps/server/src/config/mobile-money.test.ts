import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

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

const MOMO_UG = {
  MOMO_BASE_URL: 'https://proxy.momoapi.mtn.com',
  MOMO_UG_COLLECTION_USER_ID: 'c-user',
  MOMO_UG_COLLECTION_API_KEY: 'c-key',
  MOMO_UG_COLLECTION_SUBSCRIPTION_KEY: 'c-sub',
  MOMO_UG_DISBURSEMENT_USER_ID: 'd-user',
  MOMO_UG_DISBURSEMENT_API_KEY: 'd-key',
  MOMO_UG_DISBURSEMENT_SUBSCRIPTION_KEY: 'd-sub',
  MOMO_UG_TARGET_ENVIRONMENT: 'mtnuganda',
};

describe('mobile-money operators configuration', () => {
  it('runs every operator against the sandboxes outside production, none by default in it', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mobileMoney.operators).toHaveLength(6);
    expect(loadConfig(PRODUCTION).mobileMoney.operators).toEqual([]);
  });

  it('refuses to start a listed operator without its credentials in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, MOBILE_MONEY_OPERATORS: 'mtn-momo:ug' })).toThrow(
      /MOMO_BASE_URL, MOMO_UG_COLLECTION_USER_ID.*required in production/,
    );
    const { MOMO_UG_TARGET_ENVIRONMENT: _left, ...withoutOne } = MOMO_UG;
    expect(() =>
      loadConfig({ ...PRODUCTION, ...withoutOne, MOBILE_MONEY_OPERATORS: 'mtn-momo:ug' }),
    ).toThrow(/MOMO_UG_TARGET_ENVIRONMENT/);
    const config = loadConfig({ ...PRODUCTION, ...MOMO_UG, MOBILE_MONEY_OPERATORS: 'mtn-momo:ug' });
    expect(config.mobileMoney.momo.ug).toMatchObject({
      collectionUserId: 'c-user',
      targetEnvironment: 'mtnuganda',
    });
    expect(() => loadConfig({ NODE_ENV: 'test', MOBILE_MONEY_OPERATORS: 'tigo:tz' })).toThrow(
      /unknown operator "tigo:tz"/,
    );
  });
});
