/**
 * The model of the model-based ledger test (ledger-model.test.ts): what every user's cash and
 * reserved money must be, the bets, deposits and events it knows, and the invariants checked
 * after every command.
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import { getBalances } from '../../src/modules/wallet/wallet.service';
import type { player } from '../casino/casino-kit';
import type { TestApp } from '../helpers/test-app';
import { expectLedgerBalanced } from '../wallet/ledger-assertions';

/** What the commands act on, set up by the test file. */
export const bed = {
  t: null as unknown as TestApp,
  callbackPath: (_kind: 'stk' | 'b2c-result'): string => '',
  figures: { runs: 0, commands: 0, byCommand: {} as Record<string, number> },
};
export interface ModelBet {
  betId: string;
  user: number;
  event: number;
  outcome: number;
  stakeAfterExcise: number;
  netPayout: number;
  status: 'open' | 'won' | 'lost' | 'void';
  /** What the settlement paid (and a rollback takes back, as far as the cash reaches). */
  paid: number;
}
export interface ModelDeposit {
  publicId: string;
  user: number;
  amount: number;
  fate: 'success' | 'cancel';
  state: 'pending' | 'completed' | 'failed' | 'expired';
  checkout: string;
  merchant: string;
}
export type EventState = 'open' | 'settled' | 'cancelled' | 'reopened';

export interface Model {
  /** This run's events: the next few that no earlier run has settled. */
  events: number[];
  cash: number[];
  reserved: number[];
  bets: ModelBet[];
  deposits: ModelDeposit[];
}

export interface Real {
  users: Awaited<ReturnType<typeof player>>[];
}

/** Events keep their state across runs (the feed does); the model reads it from here. */
export const eventState = new Map<number, EventState>();
export const stateOf = (event: number): EventState => eventState.get(event) ?? 'open';
export const eventOf = (m: Readonly<Model>, index: number): number =>
  m.events[index % m.events.length]!;
export const EVENTS_PER_RUN = 3;
/** Every model bet of every run, so a settlement of an event also reaches earlier runs' bets. */
export const allBets: ModelBet[] = [];

export const cents = (units: number) => Math.round(units * 100);

export function post(url: string, cookies: { authBB: string } | undefined, payload: unknown) {
  return bed.t.app.inject({
    method: 'POST',
    url,
    ...(cookies ? { cookies } : {}),
    payload: payload as object,
  });
}

export async function checkInvariants(m: Model, r: Real) {
  await expectLedgerBalanced(bed.t.deps.db);
  for (const [i, u] of r.users.entries()) {
    const balances = await getBalances(bed.t.deps.db, u.user.id);
    expect({ user: i, cash: balances.cash, reserved: balances.reserved }).toEqual({
      user: i,
      cash: m.cash[i],
      reserved: m.reserved[i],
    });
  }
}

export type Command = fc.AsyncCommand<Model, Real>;

export function counted(name: string) {
  bed.figures.commands += 1;
  bed.figures.byCommand[name] = (bed.figures.byCommand[name] ?? 0) + 1;
}

/** The result an event was first settled with: a re-settlement after a rollback repeats it. */
export const eventWinner = new Map<number, number>();
