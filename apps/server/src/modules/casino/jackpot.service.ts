import { randomInt } from 'node:crypto';
import { JACKPOT_TYPES, type JackpotItem, type JackpotType } from '@dau/contracts/casino/jackpots';
import { rooms } from '@dau/contracts/realtime';
import { formatMoney, cents } from '@dau/domain/money';
import { isSiteId, siteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import { postTransaction } from '../wallet/ledger.service';
import { publishBalances, toUnits } from '../wallet/wallet.service';
import type { ContributionTerms, RoundSettlementHook, WalletProvider } from './game-wallet.types';
import { maskPlayer } from './player-mask';

/** Share of every settled in-house round's stake that feeds the pools: 1 % (basis points). */
export const JACKPOT_SHARE_BPS = 100;

/**
 * The three pools, in the site's currency (cents): where each restarts (seed), the most it can
 * reach (cap: its must-drop point lies in (seed, cap]) and its part of the share, percent.
 */
export const JACKPOT_POOLS: Record<JackpotType, { seed: number; cap: number; split: number }> = {
  Mini: { seed: 500_00, cap: 2_000_00, split: 50 },
  Major: { seed: 5_000_00, cap: 20_000_00, split: 30 },
  Mega: { seed: 50_000_00, cap: 250_000_00, split: 20 },
};

const PUSH_EVERY_MS = 2_000;
/** How soon after a round settles its contribution is folded into the pools. */
const FOLD_AFTER_MS = 250;

/** The hidden must-drop point of a freshly seeded pool: uniform in (seed, cap]. */
export type TriggerDraw = (seed: number, cap: number) => number;
const drawTrigger: TriggerDraw = (seed, cap) => randomInt(seed + 1, cap + 1);

/** Splits a contribution over the pools (Mini takes the odd cents). */
export function splitContribution(amount: number): Record<JackpotType, number> {
  const major = Math.floor((amount * JACKPOT_POOLS.Major.split) / 100);
  const mega = Math.floor((amount * JACKPOT_POOLS.Mega.split) / 100);
  return { Mini: amount - major - mega, Major: major, Mega: mega };
}

/**
 * Jackpots (issue #13 item 5, docs/decisions/162 and 163). A settling in-house round queues 1 %
 * of its stake (split over the site's three pools); `fold` moves the queue into the pools and,
 * through the ledger, from the house to `jackpot_pool`. A pool that reaches its hidden must-drop
 * point is won by the round whose part reached it, as its own ledger transaction, then reseeded
 * by the house. Pushes go out after the commit.
 */
export class JackpotService implements RoundSettlementHook {
  private readonly pending = new Map<number, NodeJS.Timeout>();
  private folding: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: AppDeps,
    private readonly draw: TriggerDraw = drawTrigger,
  ) {}

  /** Creates and funds (house → jackpot_pool) the pools of the sites that have none yet. */
  async ensurePools(siteIds: number[] = [1, 2, 3, 4]): Promise<void> {
    for (const siteId of siteIds) {
      for (const type of JACKPOT_TYPES) {
        await this.deps.db.transaction().execute(async (tx) => {
          const { seed, cap } = JACKPOT_POOLS[type];
          const created = await tx
            .insertInto('casino_jackpots')
            .values({
              site_id: siteId,
              type,
              value: seed,
              seed,
              trigger_value: this.draw(seed, cap),
              updated_at: this.deps.now(),
            })
            .onConflict((oc) => oc.columns(['site_id', 'type']).doNothing())
            .returning('type')
            .executeTakeFirst();
          if (!created) return;
          await postTransaction(tx, {
            kind: 'jackpot_seed',
            idempotencyKey: `jackpot-seed:${siteId}:${type}:0`,
            entries: [
              { account: { system: 'house' }, amount: -seed },
              { account: { system: 'jackpot_pool' }, amount: seed },
            ],
            meta: { siteId, type },
          });
        });
      }
    }
  }

  /** The site's pools as players see them: folded values plus contributions still queued. */
  async items(siteId: number): Promise<JackpotItem[]> {
    const [rows, queued] = await Promise.all([
      this.deps.db
        .selectFrom('casino_jackpots')
        .select(['type', 'value'])
        .where('site_id', '=', siteId)
        .execute(),
      this.deps.db
        .selectFrom('casino_jackpot_contributions')
        .select((eb) => [
          eb.fn.sum<string | null>('mini').as('Mini'),
          eb.fn.sum<string | null>('major').as('Major'),
          eb.fn.sum<string | null>('mega').as('Mega'),
        ])
        .where('site_id', '=', siteId)
        .executeTakeFirst(),
    ]);
    return JACKPOT_TYPES.map((type) => {
      const row = rows.find((r) => r.type === type);
      const value = (row?.value ?? JACKPOT_POOLS[type].seed) + Number(queued?.[type] ?? 0);
      return { JackpotType: type, JackpotValue: toUnits(value) };
    });
  }

  /**
   * The settlement hook's terms: a settling in-house round queues 1 % of its stake, split over
   * its site's three pools as `splitContribution` does (the wallet's credit statement applies
   * them, migration 0885). No pool row and no jackpot ledger account is touched then, so
   * settling rounds never queue behind each other on the pools (ADR 163); `fold` moves the
   * money in shortly after.
   */
  contributionTerms(provider: WalletProvider): ContributionTerms | null {
    if (provider.kind !== 'in-house') return null;
    return {
      shareBps: JACKPOT_SHARE_BPS,
      majorPct: JACKPOT_POOLS.Major.split,
      megaPct: JACKPOT_POOLS.Mega.split,
    };
  }

  /** After the commit of a round that settled on `contributionTerms`: fold soon. */
  settled(): void {
    this.scheduleFold();
  }

  /**
   * Moves every queued contribution into its site's pools, in the order the rounds settled:
   * one ledger transaction house → jackpot_pool per site and run, and a pool that reaches its
   * must-drop point is won by the round whose part took it there (the biggest pool first, one
   * jackpot per round). Safe on several instances: the pools' row locks serialise folders.
   */
  async fold(): Promise<number> {
    const sites = await this.deps.db
      .selectFrom('casino_jackpot_contributions')
      .select('site_id')
      .distinct()
      .execute();
    let folded = 0;
    for (const { site_id } of sites) folded += await this.foldSite(site_id);
    return folded;
  }

  private async foldSite(siteId: number): Promise<number> {
    const now = this.deps.now();
    const done = await this.deps.db.transaction().execute(async (tx) => {
      const pools = await tx
        .selectFrom('casino_jackpots')
        .selectAll()
        .where('site_id', '=', siteId)
        .orderBy('type')
        .forUpdate()
        .execute();
      if (pools.length < JACKPOT_TYPES.length) return null;
      const queued = await tx
        .deleteFrom('casino_jackpot_contributions')
        .where('site_id', '=', siteId)
        .returningAll()
        .execute();
      if (queued.length === 0) return null;
      queued.sort((a, b) => a.id - b.id);
      const state = new Map(pools.map((p) => [p.type, { ...p }]));
      const wins: { type: JackpotType; amount: number; roundPk: number; userId: number }[] = [];
      let total = 0;
      for (const row of queued) {
        const parts: Record<JackpotType, number> = {
          Mini: row.mini,
          Major: row.major,
          Mega: row.mega,
        };
        total += row.mini + row.major + row.mega;
        let won = false;
        for (const type of [...JACKPOT_TYPES].reverse()) {
          const pool = state.get(type)!;
          pool.value += parts[type];
          if (!won && pool.value >= pool.trigger_value) {
            won = true;
            wins.push({ type, amount: pool.value, roundPk: row.round_pk, userId: row.user_id });
            const { seed, cap } = JACKPOT_POOLS[type];
            pool.value = seed;
            pool.seed = seed;
            pool.trigger_value = this.draw(seed, cap);
            pool.won_count += 1;
          }
        }
      }
      if (total > 0) {
        await postTransaction(tx, {
          kind: 'jackpot_contribution',
          idempotencyKey: `jackpot-fold:${siteId}:${queued[0]!.id}-${queued.at(-1)!.id}`,
          entries: [
            { account: { system: 'house' }, amount: -total },
            { account: { system: 'jackpot_pool' }, amount: total },
          ],
          meta: { siteId, rounds: queued.length },
        });
      }
      const announced: {
        round: Parameters<JackpotService['announce']>[0];
        type: JackpotType;
        amount: number;
      }[] = [];
      for (const win of wins) {
        const { seed } = JACKPOT_POOLS[win.type];
        const round = await tx
          .selectFrom('casino_rounds as r')
          .innerJoin('casino_games as g', 'g.id', 'r.game_id')
          .select(['r.round_id', 'g.slug'])
          .where('r.id', '=', win.roundPk)
          .executeTakeFirstOrThrow();
        const paid = await postTransaction(tx, {
          kind: 'win_casino_jackpot',
          idempotencyKey: `jackpot-win:${win.roundPk}`,
          userId: win.userId,
          entries: [
            { account: { system: 'jackpot_pool' }, amount: -win.amount },
            { account: { userId: win.userId, kind: 'cash' }, amount: win.amount },
            { account: { system: 'house' }, amount: -seed },
            { account: { system: 'jackpot_pool' }, amount: seed },
          ],
          meta: { siteId, type: win.type, roundId: round.round_id, game: round.slug },
        });
        await tx
          .insertInto('casino_jackpot_wins')
          .values({
            site_id: siteId,
            type: win.type,
            user_id: win.userId,
            round_pk: win.roundPk,
            amount: win.amount,
            ledger_transaction_id: paid.transactionId,
            won_at: now,
          })
          .execute();
        await tx
          .updateTable('casino_rounds')
          .set({ jackpot_win: win.amount })
          .where('id', '=', win.roundPk)
          .execute();
        announced.push({
          round: {
            userId: win.userId,
            siteId,
            gameSlug: round.slug,
            roundId: round.round_id,
          },
          type: win.type,
          amount: win.amount,
        });
      }
      for (const pool of state.values()) {
        await tx
          .updateTable('casino_jackpots')
          .set({
            value: pool.value,
            seed: pool.seed,
            trigger_value: pool.trigger_value,
            won_count: pool.won_count,
            updated_at: now,
          })
          .where('site_id', '=', siteId)
          .where('type', '=', pool.type)
          .execute();
      }
      return { count: queued.length, announced };
    });
    if (!done) return 0;
    if (done.announced.length > 0)
      await publishBalances(
        this.deps,
        done.announced.map((a) => a.round.userId),
      );
    for (const win of done.announced)
      await this.announce(win.round, { type: win.type, amount: win.amount });
    this.schedulePush(siteId);
    return done.count;
  }

  /** Folds the queue soon (once per FOLD_AFTER_MS however many rounds settle meanwhile). */
  scheduleFold(): void {
    if (this.folding) return;
    this.folding = setTimeout(() => {
      this.fold()
        .catch(() => undefined)
        .finally(() => (this.folding = null));
    }, FOLD_AFTER_MS);
    this.folding.unref();
  }

  private async announce(
    round: { userId: number; siteId: number; gameSlug: string; roundId: string },
    won: { type: JackpotType; amount: number },
  ): Promise<void> {
    const user = await this.deps.db
      .selectFrom('users')
      .select(['username', 'phone'])
      .where('id', '=', round.userId)
      .executeTakeFirst();
    const site = siteConfig(isSiteId(round.siteId) ? round.siteId : 2);
    const amount = formatMoney(cents(won.amount), site);
    const base = {
      JackpotType: won.type,
      amount: toUnits(won.amount),
      gameSlug: round.gameSlug,
      roundId: round.roundId,
    };
    this.deps.realtime.toUser(round.userId, 'JackpotWon', {
      ...base,
      winner: 'you',
      message: `You won the ${won.type} jackpot: ${amount}!`,
    });
    const masked = user ? maskPlayer(user) : '••••';
    this.deps.realtime.toRoom(rooms.site(round.siteId), 'JackpotWon', {
      ...base,
      winner: masked,
      message: `${masked} won the ${won.type} jackpot: ${amount}!`,
    });
  }

  /** Pushes the site's pools at most every two seconds. */
  schedulePush(siteId: number): void {
    if (this.pending.has(siteId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(siteId);
      this.items(siteId)
        .then((items) =>
          this.deps.realtime.toRoom(rooms.site(siteId), 'jackpots', { siteId, items }),
        )
        .catch(() => undefined);
    }, PUSH_EVERY_MS);
    timer.unref();
    this.pending.set(siteId, timer);
  }

  close(): void {
    if (this.folding) clearTimeout(this.folding);
    this.folding = null;
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
