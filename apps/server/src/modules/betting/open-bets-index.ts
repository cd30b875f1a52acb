import type { Realtime } from '../../realtime/socket-server';
import type { Db } from '../../db/database';
import type { BetRow, BetSelectionRow } from './betting.tables';

/**
 * The instance channel on which a change to bets is announced after its commit: placement,
 * cash-out (full or part), settlement and rollback of legs or bets, on whichever instance ran
 * it. The payload is the changed bets' ids, or (placement, ADR 202) `{ placed }`: the new bets
 * as the index keeps them, so nobody reads them back.
 */
export const BETS_CHANGED = 'betsChanged';

/** The columns of a bet that its offer reads (the open-bets index keeps only these). */
export type OfferBet = Pick<
  BetRow,
  'id' | 'user_id' | 'site_id' | 'status' | 'stake' | 'freebet_stake' | 'bet_type' | 'tax_policy'
>;
/** The columns of a leg that its offer reads. */
export type OfferLeg = Pick<
  BetSelectionRow,
  | 'bet_id'
  | 'leg_index'
  | 'event_id'
  | 'market_id'
  | 'specifier'
  | 'outcome_id'
  | 'odds'
  | 'qualifies'
  | 'result'
  | 'void_factor'
  | 'dead_heat_factor'
  | 'cancelled'
>;

/** Ids of bets per read when (re)loading them. */
const IDS_PER_READ = 2_000;

/** Tells every instance's open-bets index, after the commit, that these bets changed. */
export function announceBetsChanged(realtime: Realtime, betIds: Iterable<number>): void {
  const ids = [...new Set(betIds)];
  if (ids.length > 0) realtime.toInstances(BETS_CHANGED, ids);
}

/** An indexed leg knows its event's sport (cash-out can be switched off per sport). */
export type IndexedLeg = OfferLeg & { sport_id: number | null };

export interface IndexedBet {
  bet: OfferBet;
  legs: IndexedLeg[];
}

/**
 * Tells every instance's open-bets index, after the commit, of these newly placed bets, rows
 * and all (the index reads nothing back). Only open cash bets are indexed; others are left out.
 */
export function announceBetsPlaced(realtime: Realtime, placed: readonly IndexedBet[]): void {
  const cash = placed.filter((p) => p.bet.freebet_stake === 0 && p.bet.status === 'open');
  if (cash.length > 0) realtime.toInstances(BETS_CHANGED, { placed: cash });
}

function placedIn(payload: unknown): IndexedBet[] {
  const placed = (payload as { placed?: unknown } | null)?.placed;
  if (!Array.isArray(placed)) return [];
  return placed.filter(
    (p: Partial<IndexedBet> | null): p is IndexedBet =>
      Number.isSafeInteger(p?.bet?.id) && Array.isArray(p?.legs),
  );
}

/** Bets that left the index remembered, so a late announcement of their placement is ignored. */
const GONE_REMEMBERED = 10_000;

/**
 * The open cash bets (no free-bet stake) in memory, by id and by the events of their legs:
 * what the cash-out offer pushes re-price when a price moves, without asking the database
 * (ADR 220). Loaded whole by `start()`, then kept current by the bets announced on
 * `BETS_CHANGED` (each changed bet is read again, after its commit), and reloaded whole by
 * `resync()` in case an announcement was lost between instances.
 *
 * Reads run one at a time, in the order they were asked for, and each reads after the change
 * it follows was committed: the last read of a bet is always at least as new as its last
 * change, so the index never keeps an older state of a bet than the database had.
 */
export class OpenBetsIndex {
  private readonly bets = new Map<number, IndexedBet>();
  private readonly byEvent = new Map<number, Set<number>>();
  private state: 'off' | 'loading' | 'on' = 'off';
  private readonly pending = new Set<number>();
  /** Placed bets announced with their rows, to put in the index without a read. */
  private readonly arrived = new Map<number, IndexedBet>();
  private readonly gone = new Set<number>();
  private reload = false;
  private work: Promise<void> | null = null;
  /** Grows on `stop()`: a read begun before it stores nothing. */
  private generation = 0;
  /** Reads asked for (announcements, loads) and how many of them have been read. */
  private asked = 0;
  private answered = 0;
  private readonly waiters: { upTo: number; resolve: () => void }[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: {
      /** A bet left the index (settled, cashed out, no longer found). */
      onRemoved?: (betId: number) => void;
      onError?: (err: unknown) => void;
    } = {},
  ) {}

  get loaded(): boolean {
    return this.state === 'on';
  }

  get size(): number {
    return this.bets.size;
  }

  /**
   * Loads every open cash bet unless already loaded; resolves once every change announced
   * before this call has been read (not those announced meanwhile: a busy stream of placements
   * never holds a caller up), or the read failed (reported).
   */
  async start(): Promise<void> {
    if (this.state === 'off' || (this.state === 'loading' && !this.work)) {
      // Off, or the last load failed: load.
      this.state = 'loading';
      this.reload = true;
      this.asked += 1;
    }
    const target = this.asked;
    this.kick();
    if (this.answered >= target) return;
    await new Promise<void>((resolve) => this.waiters.push({ upTo: target, resolve }));
  }

  /** Forgets everything (this instance stopped pushing offers); announcements are ignored. */
  stop(): void {
    this.generation += 1;
    this.state = 'off';
    this.pending.clear();
    this.arrived.clear();
    this.reload = false;
    for (const id of [...this.bets.keys()]) this.remove(id);
    this.gone.clear();
    this.release();
  }

  /** Reads every open cash bet again (a lost announcement is healed by the next resync). */
  resync(): void {
    if (this.state === 'off') return;
    this.reload = true;
    this.asked += 1;
    this.kick();
  }

  /**
   * An announcement of `BETS_CHANGED` (ignored while off): bets by id are read again; placed
   * bets announced with their rows are put as they are.
   */
  changed(payload: unknown): void {
    if (this.state === 'off') return;
    if (Array.isArray(payload)) {
      for (const id of payload) {
        if (Number.isSafeInteger(id) && (id as number) > 0) this.pending.add(id as number);
      }
    } else {
      const placed = placedIn(payload);
      if (placed.length === 0) return;
      for (const entry of placed) this.arrived.set(entry.bet.id, entry);
    }
    this.asked += 1;
    this.kick();
  }

  /** Resolves once every change asked for so far has been read (errors were reported). */
  async idle(): Promise<void> {
    while (this.work) await this.work;
  }

  get(betId: number): IndexedBet | undefined {
    return this.bets.get(betId);
  }

  /** Every indexed bet, in id order. */
  all(): IndexedBet[] {
    return [...this.bets.values()].sort((a, b) => a.bet.id - b.bet.id);
  }

  /**
   * The bets with a leg on one of `eventIds`, each once: the first event's bets first (in id
   * order), so the offers of the price that moved first go out first.
   */
  on(eventIds: Iterable<number>): IndexedBet[] {
    const ids = new Set<number>();
    for (const eventId of eventIds) {
      const onEvent = [...(this.byEvent.get(eventId) ?? [])].sort((a, b) => a - b);
      for (const id of onEvent) ids.add(id);
    }
    return [...ids].map((id) => this.bets.get(id)!);
  }

  private kick(): void {
    if (this.work) return;
    this.work = this.run()
      .catch((err: unknown) => {
        // Nobody waits for a read that failed; it is tried again on the next ask.
        this.release();
        this.options.onError?.(err);
      })
      .finally(() => {
        this.work = null;
      });
  }

  /** Reads up to ask number `upTo` are done: their waiters go on. */
  private settle(upTo: number): void {
    this.answered = Math.max(this.answered, upTo);
    this.release(this.answered);
  }

  private release(upTo = Infinity): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i]!;
      if (waiter.upTo > upTo) continue;
      this.waiters.splice(i, 1);
      waiter.resolve();
    }
  }

  private async run(): Promise<void> {
    for (;;) {
      if (this.state === 'off') return;
      const upTo = this.asked;
      if (this.reload) {
        this.reload = false;
        // Changes asked for before this point are read by the load itself.
        this.pending.clear();
        this.arrived.clear();
        try {
          await this.loadAll();
        } catch (err) {
          this.reload = true;
          throw err;
        }
        this.settle(upTo);
        continue;
      }
      // A placement comes before any other change of its bet: its rows go in first, unless
      // the bet was read since (a load, or a later change announced from another instance).
      for (const [id, entry] of this.arrived) {
        if (!this.bets.has(id) && !this.gone.has(id)) this.set(entry);
      }
      this.arrived.clear();
      if (this.pending.size === 0) {
        this.settle(upTo);
        return;
      }
      const ids = [...this.pending];
      this.pending.clear();
      try {
        for (let i = 0; i < ids.length; i += IDS_PER_READ) {
          await this.refresh(ids.slice(i, i + IDS_PER_READ));
        }
      } catch (err) {
        for (const id of ids) this.pending.add(id);
        throw err;
      }
      this.settle(upTo);
    }
  }

  private async loadAll(): Promise<void> {
    const generation = this.generation;
    const seen = new Set<number>();
    let after = 0;
    for (;;) {
      const bets = await this.betsQuery()
        .where('id', '>', after)
        .orderBy('id')
        .limit(IDS_PER_READ)
        .execute();
      if (!(await this.put(bets, generation))) return;
      for (const bet of bets) seen.add(bet.id);
      if (bets.length < IDS_PER_READ) break;
      after = bets[bets.length - 1]!.id;
    }
    for (const id of [...this.bets.keys()]) if (!seen.has(id)) this.remove(id);
    this.state = 'on';
  }

  private async refresh(ids: number[]): Promise<void> {
    const generation = this.generation;
    const bets = await this.betsQuery().where('id', 'in', ids).execute();
    if (!(await this.put(bets, generation))) return;
    const open = new Set(bets.map((b) => b.id));
    for (const id of ids) if (!open.has(id)) this.remove(id);
  }

  /**
   * Stores `bets` with their legs as they are now (legs read after the bets); false when the
   * index was stopped since the read of `generation` began (nothing stored).
   */
  private async put(bets: OfferBet[], generation: number): Promise<boolean> {
    if (generation !== this.generation) return false;
    if (bets.length === 0) return true;
    const legs = await this.db
      .selectFrom('bet_selections as s')
      .leftJoin('feed_events as e', 'e.id', 's.event_id')
      .select([
        's.bet_id',
        's.leg_index',
        's.event_id',
        's.market_id',
        's.specifier',
        's.outcome_id',
        's.odds',
        's.qualifies',
        's.result',
        's.void_factor',
        's.dead_heat_factor',
        's.cancelled',
        'e.sport_id',
      ])
      .where(
        's.bet_id',
        'in',
        bets.map((b) => b.id),
      )
      .orderBy('s.bet_id')
      .orderBy('s.leg_index')
      .execute();
    if (generation !== this.generation) return false;
    const byBet = new Map<number, IndexedLeg[]>();
    for (const leg of legs) {
      const list = byBet.get(leg.bet_id);
      if (list) list.push(leg);
      else byBet.set(leg.bet_id, [leg]);
    }
    for (const bet of bets) this.set({ bet, legs: byBet.get(bet.id) ?? [] });
    return true;
  }

  private betsQuery() {
    return this.db
      .selectFrom('bets')
      .select([
        'id',
        'user_id',
        'site_id',
        'status',
        'stake',
        'freebet_stake',
        'bet_type',
        'tax_policy',
      ])
      .where('status', '=', 'open')
      .where('freebet_stake', '=', 0);
  }

  private set(entry: IndexedBet): void {
    const id = entry.bet.id;
    const before = this.bets.get(id);
    if (before) this.unlink(before);
    this.bets.set(id, entry);
    for (const leg of entry.legs) {
      const set = this.byEvent.get(leg.event_id);
      if (set) set.add(id);
      else this.byEvent.set(leg.event_id, new Set([id]));
    }
  }

  private remove(betId: number): void {
    this.gone.add(betId);
    if (this.gone.size > GONE_REMEMBERED) this.gone.delete(this.gone.values().next().value!);
    const entry = this.bets.get(betId);
    if (!entry) return;
    this.unlink(entry);
    this.bets.delete(betId);
    this.options.onRemoved?.(betId);
  }

  private unlink(entry: IndexedBet): void {
    for (const leg of entry.legs) {
      const set = this.byEvent.get(leg.event_id);
      set?.delete(entry.bet.id);
      if (set?.size === 0) this.byEvent.delete(leg.event_id);
    }
  }
}
