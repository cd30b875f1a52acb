import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER } from '../../src/modules/accounts/accounts.seed';
import { seedDemoBet } from '../../src/modules/betting/betting.seed';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';

/** `npm start` gives a demo in which withdrawing works: the demo user has placed a bet. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', FEED_FIXTURES_PER_TOURNAMENT: '2' });
  await t.deps.feed.connect();
});
afterAll(async () => {
  await t.close();
});

it('places the demo bet through the betting pipeline once, keeping KSh 5,000 cash', async () => {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/core/login3',
    payload: { UnspecifiedUsername: DEMO_USER.username, UserPassword: DEMO_USER.password },
  });
  const cookies = { authBB: login.json().tokenString as string };
  const eligibility = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/core/BetSlip/CheckIfUserCanWithdrawBalanceUsingSportsbook?timeOffset=180',
      cookies,
      payload: { siteId: 2, minBetsCount: 1 },
    });
  expect((await eligibility()).json().fetchedObject).toBe(false);

  expect(await seedDemoBet(t.deps)).toBe(true);
  expect(await seedDemoBet(t.deps)).toBe(true);

  const bets = await t.deps.db
    .selectFrom('bets')
    .selectAll()
    .where('user_id', '=', login.json().userId as number)
    .execute();
  expect(bets).toHaveLength(1);
  expect(bets[0]).toMatchObject({ stake: 1_000, freebet_stake: 0 });
  expect(await getBalances(t.deps.db, login.json().userId as number)).toMatchObject({
    cash: 500_000,
    freeBet: 10_000,
  });
  expect((await eligibility()).json()).toEqual({ fetchedObject: true, spResponse: '' });

  const history = await t.app.inject({
    method: 'POST',
    url: '/api/core/betslip/GetBetSlipCount',
    cookies,
    payload: {},
  });
  expect(history.statusCode).toBe(200);
  await expectLedgerBalanced(t.deps.db);
});
