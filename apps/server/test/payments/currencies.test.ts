import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createSignedInUser } from '../helpers/factories';
import { bettingApp, placeBet, preMatchEvents, selectionAt } from '../betting/betting-kit';
import { fundUser } from '../wallet/ledger-assertions';
import { usePaymentsApp } from './payments-test-kit';

// Each site's own currency (ISO 4217 exponents, docs/decisions/140): whole shillings in Uganda
// and Tanzania, two decimals in Zambia and Kenya, and each site's limits in its own currency.
const bed = usePaymentsApp({
  DARAJA_SANDBOX_DELAY_MS: '40',
  PAYMENTS_RECONCILE_INTERVAL_MS: '0',
  SITE_HOSTS: 'ug.localhost=1,zm.localhost=3,tz.localhost=4',
});

const HOSTS = { 1: 'ug.localhost', 3: 'zm.localhost', 4: 'tz.localhost' } as const;
const PHONES = { 1: '+256772', 3: '+260977', 4: '+255754' } as const;

async function userOn(siteId: 1 | 3 | 4, cents = 0) {
  const phone = `${PHONES[siteId]}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const signed = await createSignedInUser(bed.t.deps.db, { phone, site_id: siteId });
  if (cents > 0) await fundUser(bed.t.deps.db, signed.user.id, cents);
  return { ...signed, phone, siteId };
}

function post(u: Awaited<ReturnType<typeof userOn>>, url: string, payload: object) {
  return bed.t.app.inject({
    method: 'POST',
    url,
    cookies: u.cookies,
    // English texts here (Tanzania answers in Swahili by default: swahili-messages.test.ts).
    headers: { host: HOSTS[u.siteId], 'x-language': 'en' },
    payload,
  });
}

const firstMessage = (res: { json: () => { datasource_entries: { dimension_value: string }[] } }) =>
  res.json().datasource_entries[0]?.dimension_value;

describe('amounts in each site currency', () => {
  it('refuses decimals in Uganda and Tanzania with a clear 400, and starts no payment', async () => {
    const ug = await userOn(1);
    const tooPrecise = await post(ug, '/api/payments/deposit/', {
      PhoneNumber: ug.phone,
      Amount: '5000.5',
    });
    expect(tooPrecise.statusCode).toBe(400);
    expect(tooPrecise.json().datasource_entries[0]).toMatchObject({
      value: 'AMOUNT_TOO_PRECISE',
      dimension_value: 'UGX amounts are whole numbers: please enter an amount without decimals.',
    });
    const belowMinimum = await post(ug, '/api/payments/deposit/', {
      PhoneNumber: ug.phone,
      Amount: 100,
    });
    expect(belowMinimum.statusCode).toBe(400);
    expect(firstMessage(belowMinimum)).toBe('The minimum deposit is UGX 500.');
    const aboveMaximum = await post(ug, '/api/payments/deposit/', {
      PhoneNumber: ug.phone,
      Amount: 5_000_001,
    });
    expect(firstMessage(aboveMaximum)).toBe('The maximum deposit is UGX 5,000,000.');
    const rows = await bed.t.deps.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', ug.user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it("checks withdrawals against the site's own limits, shown in its currency", async () => {
    const tz = await userOn(4, 1_000_000);
    const check = (amount: number | string) =>
      post(tz, '/api/payments/validateamount/', { WithdrawalAmount: amount });
    expect(firstMessage(await check('2500.5'))).toBe('Whole numbers only, no decimals');
    expect(firstMessage(await check(1_000))).toBe('The minimum withdrawal is TSh 2,000.');
    expect(firstMessage(await check(3_000_001))).toBe('The maximum withdrawal is TSh 3,000,000.');
    expect((await check(5_000)).statusCode).toBe(200);

    const zm = await userOn(3, 10_000);
    const zmCheck = (amount: number) =>
      post(zm, '/api/payments/validateamount/', { DepositAmount: amount });
    expect((await zmCheck(3)).statusCode).toBe(200);
    // Ngwee: MTN MoMo and Airtel Money take them; only M-Pesa (Kenya) takes whole units.
    expect((await zmCheck(25.5)).statusCode).toBe(200);
    expect(firstMessage(await zmCheck(2.555))).toBe(
      'Please enter an amount with at most two decimals.',
    );
    expect(firstMessage(await zmCheck(0.5))).toBe('The minimum deposit is K 1.00.');
  });

  it('shows balances without decimals in whole-unit currencies', async () => {
    const ug = await userOn(1, 500_000);
    const res = await post(ug, '/api/core/customer/getbalance', {});
    expect(res.statusCode).toBe(200);
    expect(res.json().cmsStatusMsg).toMatchObject({
      balance: 5000,
      balanceDisplay: 'UGX 5,000',
      freebetBalanceDisplay: 'UGX 0',
    });
  });

  it('refuses a per-site limit that does not fit the currency at start-up', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DEPOSIT_LIMITS: '1=500.5:1000' })).toThrow(
      /DEPOSIT_LIMITS/,
    );
    const config = loadConfig({ NODE_ENV: 'test', WITHDRAWAL_LIMITS: '4=5000:100000' });
    expect(config.limits[4]).toMatchObject({ withdrawalMin: 500_000, withdrawalMax: 10_000_000 });
    expect(config.limits[1].depositMin).toBe(50_000);
  });
});

describe('stakes in each site currency', () => {
  it("refuses a stake with decimals in Uganda and one under Uganda's minimum", async () => {
    const t = await bettingApp();
    try {
      const signed = await createSignedInUser(t.deps.db, {
        phone: `+256772${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`,
        site_id: 1,
      });
      await fundUser(t.deps.db, signed.user.id, 1_000_000);
      const [eventId] = await preMatchEvents(t);
      const selection = await selectionAt(t, eventId ?? 0);
      const precise = await placeBet(t, signed.cookies, {
        siteId: 1,
        stake: 150.5,
        selections: [selection],
      });
      expect(precise.statusCode).toBe(400);
      expect(firstMessage(precise)).toBe(
        'UGX stakes are whole numbers: enter an amount without decimals.',
      );
      const low = await placeBet(t, signed.cookies, {
        siteId: 1,
        stake: 50,
        selections: [selection],
      });
      expect(low.statusCode).toBe(400);
      expect(firstMessage(low)).toBe('The minimum stake is UGX 100.');
      const ok = await placeBet(t, signed.cookies, {
        siteId: 1,
        stake: 1_000,
        selections: [selection],
      });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await t.close();
    }
  });
});
