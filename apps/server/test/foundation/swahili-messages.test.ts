import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '@dau/contracts/errors';
import * as spec from '@dau/domain/messages';
import type { Cents } from '@dau/domain/money';
import { SITES } from '@dau/domain/sites';
import { defaultMessage } from '../../src/errors/app-error';
import { toSwahili } from '../../src/i18n/swahili';
import { limitMessage } from '../../src/modules/accounts/responsible-gambling.service';
import {
  depositFailureMessage,
  operatorFailureMessage,
  paymentMessages,
} from '../../src/modules/payments/payments.messages';
import type { OperatorFailure } from '../../src/modules/payments/mobile-money.operator';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Tanzania's Swahili is complete on the server too (ADR 142): every message a user can be
// sent has a Swahili text, and a Swahili request is answered in Swahili.
const tz = SITES[4];
const amount = 500_000 as Cents;
const OPERATOR_FAILURES: readonly OperatorFailure[] = [
  'cancelled',
  'insufficient-funds',
  'wrong-pin',
  'unreachable',
  'expired',
  'not-registered',
  'limit',
  'rejected',
];

function everyServerMessage(): string[] {
  const m = paymentMessages;
  const payments = [
    m.amountRequired,
    m.amountInvalid,
    m.amountTooPrecise(tz),
    m.amountTooPrecise(SITES[3]),
    m.depositBelowMinimum(amount, tz),
    m.depositAboveMaximum(amount, tz),
    m.wholeShillingsOnly(10, 11),
    m.phoneInvalid,
    m.withdrawalBelowMinimum(amount, tz),
    m.withdrawalAboveMaximum(amount, tz),
    m.withdrawalAboveBalance(amount, tz),
    m.withdrawalOwnPhoneOnly,
    m.notEnoughBets(1),
    m.notEnoughBets(3),
    m.providerUnavailable('Bad Request'),
    m.depositLimitReached('daily', amount, tz),
    m.depositLimitReached('weekly', amount, tz),
    m.depositLimitReached('monthly', amount, tz),
    m.complianceRequired,
    m.withdrawalNotPaid,
    ...[1032, 1, 2001, 1037, 1019, 9999].map((code) => depositFailureMessage(code, 'Declined')),
    m.operatorUnavailable('Airtel Money', 'Bad Request'),
    m.depositExpired('Vodacom M-Pesa'),
    ...OPERATOR_FAILURES.flatMap((reason) =>
      (['deposit', 'withdrawal'] as const).map((kind) =>
        operatorFailureMessage('Vodacom M-Pesa', kind, reason, 'Declined'),
      ),
    ),
  ];
  const errors = (Object.keys(ERROR_STATUS) as ErrorCode[]).map(defaultMessage);
  const until = new Date('2026-12-01T10:00:00Z');
  const limits = [limitMessage('break', until), limitMessage('self_exclusion', until)];
  const domain = [
    spec.PHONE_REQUIRED,
    spec.WITHDRAWAL_DAILY_LIMIT_REACHED,
    spec.WITHDRAWAL_FREQUENCY_LIMIT,
    spec.WITHDRAWAL_WHOLE_NUMBERS_HINT,
    spec.depositInProgressMessage('DP123'),
    spec.MARKET_EXPIRED,
    spec.LIVE_BETTING_DISABLED,
    spec.PRE_MATCH_BETTING_DISABLED,
    spec.INVALID_DATE_OF_BIRTH,
    spec.minimumAgeMessage(18),
    spec.INVALID_TZ_ID_FORMAT,
    spec.INVALID_DATE_OF_BIRTH_IN_ID,
  ];
  return [...payments, ...errors, ...limits, ...domain];
}

describe("the server's messages in Swahili", () => {
  it('has a Swahili text for every message, keeping amounts and dates', () => {
    const missing = everyServerMessage().filter((message) => toSwahili(message) === null);
    expect(missing).toEqual([]);
    expect(toSwahili(paymentMessages.depositBelowMinimum(amount, tz))).toBe(
      'Kiasi cha chini cha kuweka ni TSh 5,000.',
    );
    expect(
      toSwahili(
        `${limitMessage('break', new Date('2026-12-01T10:00:00Z'))} It cannot be shortened or lifted early.`,
      ),
    ).toMatch(/^Umepumzika kubeti hadi .*Haiwezi kufupishwa/);
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SITE_HOSTS: 'tz.localhost=4,ke.localhost=2' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a Tanzanian request in Swahili unless English is chosen; Kenya stays English', async () => {
    const user = await createSignedInUser(t.deps.db, {
      phone: `+255754${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
      site_id: 4,
    });
    const ask = (host: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/validateamount/',
        cookies: user.cookies,
        headers: { host, ...headers },
        payload: { DepositAmount: '1500.5' },
      });
    const swahili = await ask('tz.localhost');
    expect(swahili.statusCode).toBe(400);
    expect(swahili.json().datasource_entries[0]).toMatchObject({
      value: 'AMOUNT_TOO_PRECISE',
      dimension_value: 'Kiasi cha TSh ni namba kamili: tafadhali weka kiasi bila desimali.',
    });
    const english = await ask('tz.localhost', { cookie: `authBB=${user.token}; locale=en-tz` });
    expect(english.json().datasource_entries[0].dimension_value).toBe(
      'TSh amounts are whole numbers: please enter an amount without decimals.',
    );
    const header = await ask('tz.localhost', { 'x-language': 'en' });
    expect(header.json().datasource_entries[0].dimension_value).toMatch(/^TSh amounts/);
    // Kenya offers no Swahili: a Swahili header changes nothing there.
    const kenya = await t.app.inject({
      method: 'GET',
      url: '/api/uof/match/event/ListAllPreEvents?sportId=1&timeOffset=abc',
      headers: { host: 'ke.localhost', 'x-language': 'sw' },
    });
    expect(kenya.statusCode).toBe(400);
    expect(kenya.json().datasource_entries[0].dimension_value).toMatch(/^timeOffset must be/);
    const tanzania = await t.app.inject({
      method: 'GET',
      url: '/api/uof/match/event/ListAllPreEvents?sportId=1&timeOffset=abc',
      headers: { host: 'tz.localhost' },
    });
    expect(tanzania.json().datasource_entries[0].dimension_value).toMatch(/^timeOffset lazima/);
  });
});
