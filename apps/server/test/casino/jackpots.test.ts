import { describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { casinoOf, cashOf, newRound, player, useCasinoApp } from './casino-kit';

let t: TestApp;
useCasinoApp((app) => (t = app), {
  afterEach: async () => {
    // The pools hold exactly the money of the ledger's jackpot account.
    const pools = await t.deps.db
      .selectFrom('casino_jackpots')
      .select((eb) => eb.fn.sum<string>('value').as('total'))
      .executeTakeFirstOrThrow();
    const account = await t.deps.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('kind', '=', 'jackpot_pool')
      .executeTakeFirstOrThrow();
    expect(Number(pools.total)).toBe(account.balance);
  },
});

const jackpots = (payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/games/Fazi/jackpots',
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function pool(siteId: number, type: string) {
  return t.deps.db
    .selectFrom('casino_jackpots')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('type', '=', type as 'Mini')
    .executeTakeFirstOrThrow();
}

describe('jackpots', () => {
  it('answers three items with JackpotType and JackpotValue, seeded by the house', async () => {
    const res = await jackpots({ siteId: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { JackpotType: 'Mini', JackpotValue: 500 },
      { JackpotType: 'Major', JackpotValue: 5000 },
      { JackpotType: 'Mega', JackpotValue: 50000 },
    ]);
    expect((await jackpots()).json()).toHaveLength(3);
    expect((await jackpots({ siteId: '4' })).statusCode).toBe(200);
    const seeds = await t.deps.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('kind', '=', 'jackpot_seed')
      .execute();
    expect(seeds).toHaveLength(12);
  });

  it('grows the pools by 1 % of settled in-house stakes, split 50/30/20, folded after the round', async () => {
    const p = await player(t, 1_000_00);
    const before = await Promise.all(['Mini', 'Major', 'Mega'].map((type) => pool(2, type)));
    const { wallet } = casinoOf(t);
    await wallet.playRound({
      userId: p.user.id,
      gameSlug: 'dice',
      roundId: newRound(),
      stake: 200_00,
      win: 0,
    });
    // An open round feeds nothing yet.
    const open = newRound('mines');
    await wallet.debit({
      userId: p.user.id,
      gameSlug: 'mines',
      roundId: open,
      transactionId: `${open}:stake`,
      amount: 100_00,
    });
    // Queued with the round (no pool row locked by it), shown at once, folded in shortly after.
    const shown = (await jackpots({ siteId: 2 })).json();
    expect(shown[0].JackpotValue).toBe((before[0]!.value + 100) / 100);
    await casinoOf(t).jackpots.fold();
    const after = await Promise.all(['Mini', 'Major', 'Mega'].map((type) => pool(2, type)));
    expect(after.map((a, i) => a.value - before[i]!.value)).toEqual([100, 60, 40]);
    expect(await casinoOf(t).jackpots.fold()).toBe(0);
    const row = await t.deps.db
      .selectFrom('casino_rounds')
      .select('jackpot_contribution')
      .where('user_id', '=', p.user.id)
      .where('status', '=', 'settled')
      .executeTakeFirstOrThrow();
    expect(row.jackpot_contribution).toBe(200);
    const items = (await jackpots({ siteId: 2 })).json();
    expect(items[0].JackpotValue).toBe((before[0]!.value + 100) / 100);
  });

  it('pays the pool that reaches its must-drop point to that round as a ledger transaction and a push', async () => {
    const p = await player(t, 100_00);
    const mini = await pool(2, 'Mini');
    await t.deps.db
      .updateTable('casino_jackpots')
      .set({ trigger_value: mini.value + 10 })
      .where('site_id', '=', 2)
      .where('type', '=', 'Mini')
      .execute();
    const toUser = vi.spyOn(t.deps.realtime, 'toUser');
    const toRoom = vi.spyOn(t.deps.realtime, 'toRoom');
    const roundId = newRound('keno');
    const played = await casinoOf(t).wallet.playRound({
      userId: p.user.id,
      gameSlug: 'keno',
      roundId,
      stake: 20_00,
      win: 0,
    });
    const prize = mini.value + 10; // 1 % of 20.00 is 20 cents; Mini's half is 10.
    expect(played.balance).toBe(80_00);
    await casinoOf(t).jackpots.fold();
    expect(await cashOf(t, p.user.id)).toBe(80_00 + prize);
    const after = await pool(2, 'Mini');
    expect(after).toMatchObject({ value: 500_00, won_count: mini.won_count + 1 });
    expect(after.trigger_value).toBeGreaterThan(500_00);
    expect(after.trigger_value).toBeLessThanOrEqual(2_000_00);
    const win = await t.deps.db
      .selectFrom('casino_jackpot_wins')
      .selectAll()
      .where('user_id', '=', p.user.id)
      .executeTakeFirstOrThrow();
    expect(win).toMatchObject({ type: 'Mini', amount: prize, site_id: 2 });
    const ledger = await t.deps.db
      .selectFrom('ledger_transactions')
      .select(['kind', 'user_id'])
      .where('id', '=', win.ledger_transaction_id)
      .executeTakeFirstOrThrow();
    expect(ledger).toEqual({ kind: 'win_casino_jackpot', user_id: p.user.id });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/games/history',
      cookies: p.cookies,
    });
    expect(history.json().rounds[0]).toMatchObject({
      roundId,
      stake: 20,
      jackpotWin: prize / 100,
      win: prize / 100,
    });
    expect(toUser).toHaveBeenCalledWith(
      p.user.id,
      'JackpotWon',
      expect.objectContaining({ JackpotType: 'Mini', amount: prize / 100, winner: 'you', roundId }),
    );
    expect(toRoom).toHaveBeenCalledWith(
      'site:2',
      'JackpotWon',
      expect.objectContaining({
        JackpotType: 'Mini',
        winner: expect.stringMatching(/^254••••\d{3}$/),
      }),
    );
    toUser.mockRestore();
    toRoom.mockRestore();
  });

  it("leaves studios' rounds out of the pools", async () => {
    const studio = await t.deps.db
      .insertInto('casino_providers')
      .values({ slug: 'acme-studio', name: 'Acme', kind: 'studio' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const category = await t.deps.db
      .selectFrom('casino_categories')
      .select('id')
      .where('slug', '=', 'originals')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('casino_games')
      .values({
        slug: 'acme-slot',
        name: 'Acme Slot',
        provider_id: studio.id,
        category_id: category.id,
        kind: 'rng',
        engine: 'studio',
        rtp_bps: 9600,
        min_stake: 100,
        max_stake: 1_000_00,
        max_win: 10_000_00,
        volatility: 'high',
        description_en: 'A slot.',
        description_sw: 'Sloti.',
      })
      .execute();
    const p = await player(t, 100_00);
    const before = await pool(2, 'Mega');
    const { core } = casinoOf(t);
    const provider = { id: studio.id, slug: 'acme-studio', kind: 'studio' as const };
    const roundId = newRound('acme');
    await core.debit(provider, {
      userId: p.user.id,
      gameSlug: 'acme-slot',
      roundId,
      transactionId: 'a1',
      amount: 50_00,
    });
    await core.credit(provider, {
      userId: p.user.id,
      gameSlug: 'acme-slot',
      roundId,
      transactionId: 'a2',
      amount: 0,
      roundClosed: true,
    });
    expect((await pool(2, 'Mega')).value).toBe(before.value);
  });

  it('answers bad input with 400', async () => {
    for (const body of [{ siteId: 9 }, { siteId: 'abc' }, { siteId: -1 }, { siteId: 2.5 }]) {
      const res = await jackpots(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().hasErrors).toBe(true);
    }
  });
});
