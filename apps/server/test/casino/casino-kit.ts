import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { WALLET_HEADERS } from '@dau/contracts/casino/wallet-seam';
import { createCasino, type CasinoServices } from '../../src/modules/casino/casino.plugin';
import type { WalletProvider } from '../../src/modules/casino/game-wallet.types';
import { WalletError } from '../../src/modules/casino/wallet-errors';
import { signBbJwt } from '../../src/modules/wallet/wallet.service';
import { createSignedInUser } from '../helpers/factories';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { expectLedgerBalanced, fundUser } from '../wallet/ledger-assertions';

export const SEAM_SECRET = 'test-seam-secret-0123456789abcdef';
export const CASINO_ENV = {
  CASINO_WALLET_SECRETS: `dau-originals=${SEAM_SECRET}`,
  CASINO_RECOVERY_INTERVAL_MS: '0',
};

/**
 * The file's app for casino tests: started before them (CASINO_ENV plus `env`), the ledger
 * checked balanced after each one (and `afterEach`, when given), closed at the end. `use`
 * receives the app, e.g. `useCasinoApp((app) => (t = app))`.
 */
export function useCasinoApp(
  use: (app: TestApp) => void,
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    afterEach?: (app: TestApp) => Promise<void>;
  } = {},
): void {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(
      { ...CASINO_ENV, ...options.env },
      options.now ? { now: options.now } : {},
    );
    use(app);
  });
  afterEach(async () => {
    if (!app) return;
    await expectLedgerBalanced(app.deps.db);
    await options.afterEach?.(app);
  });
  afterAll(async () => {
    await app?.close();
  });
}

/** Casino services over the test app's dependencies (they keep no state of their own). */
export function casinoOf(t: TestApp): CasinoServices {
  return createCasino(t.deps);
}

/** A signed-in player with cash (cents) and a bbJwt for game providers. */
export async function player(t: TestApp, cashCents = 1_000_00, siteId?: number) {
  const u = await createSignedInUser(t.deps.db, siteId === undefined ? {} : { site_id: siteId });
  if (cashCents > 0) await fundUser(t.deps.db, u.user.id, cashCents);
  const bbJwt = signBbJwt(
    t.deps.config.bbJwtSecret,
    { externalId: u.user.external_id, siteId: u.user.site_id },
    t.deps.now(),
  );
  return { ...u, playerId: u.user.external_id, bbJwt };
}

export function sign(body: string, timestamp: number, secret = SEAM_SECRET): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** A signed seam call, as a provider makes it; `requestId` is fresh unless given. */
export async function seam(
  t: TestApp,
  operation: string,
  body: Record<string, unknown>,
  options: {
    provider?: string;
    secret?: string;
    timestamp?: number;
    signature?: string | null;
    raw?: string;
  } = {},
) {
  const payload = options.raw ?? JSON.stringify({ requestId: randomUUID(), ...body });
  const timestamp = options.timestamp ?? Math.floor(t.deps.now().getTime() / 1000);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.signature !== null) {
    headers[WALLET_HEADERS.timestamp] = String(timestamp);
    headers[WALLET_HEADERS.signature] =
      options.signature ?? sign(payload, timestamp, options.secret);
  }
  return t.app.inject({
    method: 'POST',
    url: `/api/games/wallet/${options.provider ?? 'dau-originals'}/${operation}`,
    headers,
    payload,
  });
}

export async function cashOf(t: TestApp, userId: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('user_id', '=', userId)
    .where('kind', '=', 'cash')
    .executeTakeFirst();
  return row?.balance ?? 0;
}

/** The wallet's row of a round (`casino_rounds`), by the provider's round id. */
export async function walletRound(t: TestApp, roundId: string) {
  return t.deps.db
    .selectFrom('casino_rounds')
    .selectAll()
    .where('round_id', '=', roundId)
    .executeTakeFirst();
}

/** Dau's own games' provider, as the wallet's core takes it. */
export async function inHouseProvider(t: TestApp): Promise<WalletProvider> {
  const row = await t.deps.db
    .selectFrom('casino_providers')
    .select('id')
    .where('slug', '=', 'dau-originals')
    .executeTakeFirstOrThrow();
  return { id: row.id, slug: 'dau-originals', kind: 'in-house' };
}

/** The wallet's refusal code of a call that must be refused. */
export async function refusalOf(work: Promise<unknown>): Promise<string> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WalletError);
  return (error as WalletError).code;
}

/** Whether the seam's replay protection remembers this signed request id. */
export async function requestRemembered(t: TestApp, requestId: string): Promise<boolean> {
  const row = await t.deps.db
    .selectFrom('casino_wallet_requests')
    .select('request_id')
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A 24-hour break (responsible gambling) starting now for `userId`. */
export async function startBreak(t: TestApp, userId: number): Promise<void> {
  const now = t.deps.now();
  await t.deps.db
    .insertInto('responsible_gambling_limits')
    .values({
      user_id: userId,
      kind: 'break',
      period: '24h',
      starts_at: now,
      ends_at: new Date(now.getTime() + 24 * 3600_000),
    })
    .execute();
}

export function expectSeamError(
  res: { statusCode: number; json: () => unknown; body: string },
  status: number,
  code: string,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ status: 'ERROR', code });
}

export const newRound = (game = 'dice') => `${game}-${randomUUID()}`;

/** A seam debit's body for player `p`: 10.00 on dice, transaction `{roundId}-d`, unless told. */
export function debitBody(
  p: { playerId: string; bbJwt: string },
  roundId: string,
  over: { gameSlug?: string; transactionId?: string; amount?: number } = {},
) {
  return {
    playerId: p.playerId,
    token: p.bbJwt,
    gameSlug: over.gameSlug ?? 'dice',
    roundId,
    transactionId: over.transactionId ?? `${roundId}-d`,
    amount: over.amount ?? 10_00,
  };
}
