import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { JACKPOT_TYPES, type JackpotItem, type JackpotType } from '@dau/contracts/casino/jackpots';
import { rooms } from '@dau/contracts/realtime';
import { formatMoney, cents } from '@dau/domain/money';
import { isSiteId, siteConfig } from '@dau/domain/sites';
import type { AppDeps } from '../../app-types';
import type { Tx } from '../../db/database';
import { postTransaction, type LedgerEntryInput } from '../wallet/ledger.service';
import { toUnits } from '../wallet/wallet.service';
import type { RoundSettlementHook, WalletProvider } from './game-wallet.types';
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
 * Jackpots (issue #13 item 5, docs/decisions/162). Settling an in-house round moves 1 % of its
 * stake from the house to the ledger's `jackpot_pool` and onto the site's three pools; a pool
 * that reaches its hidden must-drop point is won by that round's player, as its own ledger
 * transaction, then reseeded by the house. Pushes go out after the commit.
 */
export class JackpotService implements RoundSettlementHook {
  private readonly pending = new Map<number, NodeJS.Timeout>();

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

  async items(siteId: number): Promise<JackpotItem[]> {
    const rows = await this.deps.db
      .selectFrom('casino_jackpots')
      .select(['type', 'value'])
      .where('site_id', '=', siteId)
      .execute();
    return JACKPOT_TYPES.map((type) => {
      const row = rows.find((r) => r.type === type);
      return { JackpotType: type, JackpotValue: toUnits(row?.value ?? JACKPOT_POOLS[type].seed) };
    });
  }

  async onSettle(
    tx: Tx,
    round: {
      id: number;
      roundId: string;
      userId: number;
      siteId: number;
      gameSlug: string;
      stake: number;
    },
    provider: WalletProvider,
  ) {
    const none = { entries: [], contribution: 0, jackpotWin: 0, afterCommit: null };
    if (provider.kind !== 'in-house') return none;
    const contribution = Math.floor((round.stake * JACKPOT_SHARE_BPS) / 10_000);
    if (contribution <= 0) return none;
    const pools = await tx
      .selectFrom('casino_jackpots')
      .selectAll()
      .where('site_id', '=', round.siteId)
      .orderBy('type')
      .forUpdate()
      .execute();
    if (pools.length === 0) return none;
    const parts = splitContribution(contribution);
    const now = this.deps.now();
    const entries: LedgerEntryInput[] = [
      { account: { system: 'house' }, amount: -contribution },
      { account: { system: 'jackpot_pool' }, amount: contribution },
    ];
    let won: { type: JackpotType; amount: number } | null = null;
    // The biggest pool first: one jackpot per round at most; the others drop on a later one.
    for (const type of [...JACKPOT_TYPES].reverse()) {
      const pool = pools.find((p) => p.type === type);
      if (!pool) continue;
      const value = pool.value + parts[type];
      if (!won && value >= pool.trigger_value) {
        won = { type, amount: value };
        const { seed, cap } = JACKPOT_POOLS[type];
        await tx
          .updateTable('casino_jackpots')
          .set({
            value: seed,
            trigger_value: this.draw(seed, cap),
            won_count: pool.won_count + 1,
            updated_at: now,
          })
          .where('site_id', '=', round.siteId)
          .where('type', '=', type)
          .execute();
        // The pool's value was posted before this round; this round's part is in `entries`.
        const paid = await postTransaction(tx, {
          kind: 'win_casino_jackpot',
          idempotencyKey: `jackpot-win:${round.id}`,
          userId: round.userId,
          entries: [
            { account: { system: 'jackpot_pool' }, amount: -value },
            { account: { userId: round.userId, kind: 'cash' }, amount: value },
            { account: { system: 'house' }, amount: -seed },
            { account: { system: 'jackpot_pool' }, amount: seed },
          ],
          meta: { siteId: round.siteId, type, roundId: round.roundId, game: round.gameSlug },
        });
        await tx
          .insertInto('casino_jackpot_wins')
          .values({
            site_id: round.siteId,
            type,
            user_id: round.userId,
            round_pk: round.id,
            amount: value,
            ledger_transaction_id: paid.transactionId,
            won_at: now,
          })
          .execute();
      } else {
        await tx
          .updateTable('casino_jackpots')
          .set({ value: sql`value + ${parts[type]}`, updated_at: now })
          .where('site_id', '=', round.siteId)
          .where('type', '=', type)
          .execute();
      }
    }
    const jackpot = won;
    return {
      entries,
      contribution,
      jackpotWin: jackpot?.amount ?? 0,
      afterCommit: async () => {
        this.schedulePush(round.siteId);
        if (jackpot) await this.announce(round, jackpot);
      },
    };
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
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
