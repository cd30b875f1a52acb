/**
 * Model-based ledger test (issue #17): fast-check commands interleave, for several users,
 * deposits with duplicated and late callbacks, expiry, withdrawals that succeed or fail, bets,
 * settlements, rollbacks, cancellations and casino rounds, all through the HTTP API. After every
 * step: each transaction sums to zero, no user balance is negative, balances equal the sum of
 * their entries (checkLedger), and every user's cash and reserved money equal the model's.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preMatchEvents } from '../betting/betting-kit';
import { CASINO_ENV, player } from '../casino/casino-kit';
import { createTestApp } from '../helpers/test-app';
import { recordPlayedRound } from '../payments/payments-test-kit';
import { Cancel, PlaceBet, Rollback, Settle } from './ledger-model-bets';
import { EVENTS_PER_RUN, bed, stateOf, type Model, type Real } from './ledger-model-kit';
import {
  CasinoRound,
  DepositCallback,
  ExpireDeposits,
  StartDeposit,
  Withdraw,
} from './ledger-model-money';
import { envNumber, recordFigures } from './reliability-kit';

const RUNS = envNumber('LEDGER_MODEL_RUNS', 12);
const MAX_COMMANDS = envNumber('LEDGER_MODEL_COMMANDS', 40);
const USERS = 3;
const START_CASH = 3_000_00;

let events: number[] = [];

beforeAll(async () => {
  bed.t = await createTestApp({
    ...CASINO_ENV,
    FEED_FIXTURES_PER_TOURNAMENT: '3',
    BET_LIVE_DELAY_MS: '0',
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The test delivers every provider callback itself: the sandbox never answers on its own.
    DARAJA_SANDBOX_DELAY_MS: '86400000',
    PAYMENTS_RECONCILE_INTERVAL_MS: '0',
    PAYMENTS_STALE_AFTER_MS: '1',
    WITHDRAWAL_MIN_INTERVAL_MS: '0',
    WITHDRAWAL_MAX_PER_24H: '100000',
  });
  await bed.t.listen();
  await bed.t.deps.feed.connect();
  events = await preMatchEvents(bed.t);
  expect(events.length).toBeGreaterThanOrEqual(RUNS * EVENTS_PER_RUN);
  bed.callbackPath = (kind) => new URL(bed.t.app.payments.callbackUrl(kind)).pathname;
}, 120_000);

afterAll(async () => {
  recordFigures('ledger-model', bed.figures);
  await bed.t?.close();
});

const user = fc.integer({ min: 0, max: USERS - 1 });
const eventIndex = fc.integer({ min: 0, max: EVENTS_PER_RUN - 1 });
const commands = [
  fc
    .tuple(user, eventIndex, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 10, max: 900 }))
    .map(([u, e, o, s]) => new PlaceBet(u, e, o, s)),
  fc
    .tuple(eventIndex, fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }))
    .map(([e, h, a]) => new Settle(e, h, a)),
  eventIndex.map((e) => new Cancel(e)),
  eventIndex.map((e) => new Rollback(e)),
  fc
    .tuple(
      user,
      fc.integer({ min: 10, max: 2_000 }),
      fc.constantFrom('success' as const, 'cancel' as const),
    )
    .map(([u, a, f]) => new StartDeposit(u, a, f)),
  fc.tuple(fc.nat(), fc.integer({ min: 1, max: 3 })).map(([i, n]) => new DepositCallback(i, n)),
  fc.constant(new ExpireDeposits()),
  fc
    .tuple(
      user,
      fc.integer({ min: 100, max: 2_500 }),
      fc.constantFrom('success' as const, 'failure' as const),
      fc.boolean(),
    )
    .map(([u, a, f, d]) => new Withdraw(u, a, f, d)),
  fc
    .tuple(
      user,
      fc.integer({ min: 10_00, max: 500_00 }),
      fc.constantFrom('win' as const, 'loss' as const, 'rollback' as const, 'one-call' as const),
      fc.integer({ min: 1, max: 1_000_00 }),
      fc.boolean(),
    )
    .map(([u, s, e, w, rep]) => new CasinoRound(u, s, e, w, rep)),
];

it('keeps the ledger and every balance equal to the model under interleaved money flows', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' }),
      async (cmds) => {
        bed.figures.runs += 1;
        const users: Real['users'] = [];
        for (let i = 0; i < USERS; i += 1) {
          const u = await player(bed.t, START_CASH);
          // Withdrawals need a bet or round first; the model's Withdraw starts from any state.
          await recordPlayedRound(bed.t, u.user.id);
          users.push(u);
        }
        const model: Model = {
          events: events.filter((e) => stateOf(e) === 'open').slice(0, EVENTS_PER_RUN),
          cash: users.map(() => START_CASH),
          reserved: users.map(() => 0),
          bets: [],
          deposits: [],
        };
        await fc.asyncModelRun(() => ({ model, real: { users } }), cmds);
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
}, 900_000);
