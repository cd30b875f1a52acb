import type {
  JackpotBuyRequest,
  JackpotBuyResponse,
  JackpotResultsResponse,
  JackpotRound,
  JackpotRoundsResponse,
  JackpotTicketsResponse,
  SportsJackpotPrizesPush,
} from '@dau/contracts/jackpots/jackpots';
import type { Cents } from '@dau/domain/money';
import { isSiteId, type SiteId } from '@dau/domain/sites';
import {
  checkLines,
  ticketExcise,
  ticketPrice,
  type LineProblem,
} from '@dau/domain/sports-jackpot';
import { DEFAULT_TAX_POLICIES, taxPolicyAt } from '@dau/domain/tax-policy';
import type { AppDeps, SessionUser } from '../../app-types';
import { AppError, type ErrorDetail } from '../../errors/app-error';
import { assertCanGamble } from '../accounts/responsible-gambling.service';
import { postTransaction, type LedgerEntryInput } from '../wallet/ledger.service';
import { getBalances, publishBalances, toUnits } from '../wallet/wallet.service';
import { roundView, ticketView } from './jackpot-view';
import {
  insertTicket,
  ticketIdByStakeTransaction,
  linesOf,
  matchesOf,
  netStakesOf,
  roundById,
  roundsByIds,
  roundsWhere,
  ticketsOfUser,
  type MatchRow,
  type RoundRow,
} from './jackpots.repository';

const notFound = (id: number) =>
  new AppError('NOT_FOUND', [
    { code: 'JACKPOT_NOT_FOUND', message: `There is no jackpot ${id}.`, name: 'id' },
  ]);

const closed = (round: RoundRow) =>
  new AppError('CONFLICT', [
    {
      code: 'JACKPOT_CLOSED',
      message: `${round.name} closed at its first kick-off; tickets are no longer sold.`,
      name: 'id',
    },
  ]);

function problemDetail(problem: LineProblem, matches: MatchRow[]): ErrorDetail {
  switch (problem.code) {
    case 'NO_LINES':
      return { code: 'NO_LINES', message: 'Pick at least one line.', name: 'lines' };
    case 'TOO_MANY_LINES':
      return {
        code: 'TOO_MANY_LINES',
        message: `A ticket has at most ${problem.max} lines.`,
        name: 'lines',
      };
    case 'TOO_MANY_PICKS':
      return {
        code: 'TOO_MANY_PICKS',
        message: `Line ${problem.line + 1} has more picks than the jackpot has matches.`,
        name: `lines.${problem.line}`,
      };
    case 'MISSING_PICK':
    case 'BAD_PICK': {
      const m = matches[problem.match];
      const match = m ? `match ${problem.match + 1} (${m.home} v ${m.away})` : 'a match';
      return {
        code: problem.code,
        message:
          problem.code === 'MISSING_PICK'
            ? `Line ${problem.line + 1} has no pick for ${match}.`
            : `Line ${problem.line + 1} has a pick for ${match} other than 1, X or 2.`,
        name: `lines.${problem.line}.${problem.match}`,
      };
    }
    case 'DUPLICATE_LINE':
      return {
        code: 'DUPLICATE_LINE',
        message: `Line ${problem.line + 1} repeats line ${problem.sameAs + 1}.`,
        name: `lines.${problem.line}`,
      };
  }
}

/** Sports jackpot rounds and tickets for the HTTP routes (issue #21, ADR 226). */
export class JackpotTicketsService {
  constructor(
    private readonly deps: AppDeps,
    /** A ticket of the round was bought and committed (live prizes, ADR 221). */
    private readonly onSold: (roundId: number) => void = () => undefined,
  ) {}

  private async views(rounds: RoundRow[]): Promise<JackpotRound[]> {
    const ids = rounds.map((r) => r.id);
    const [matches, stakes] = await Promise.all([
      matchesOf(this.deps.db, ids),
      netStakesOf(this.deps.db, ids),
    ]);
    return rounds.map((r) => roundView(r, matches, stakes.get(r.id) ?? 0));
  }

  async openRounds(siteId: number): Promise<JackpotRoundsResponse> {
    const now = this.deps.now();
    const rounds = await roundsWhere(this.deps.db, {
      siteId,
      statuses: ['open'],
      openAfter: now,
      limit: 20,
    });
    return { rounds: await this.views(rounds), serverTime: now.toISOString() };
  }

  async round(id: number, siteId: number): Promise<JackpotRound> {
    const round = await roundById(this.deps.db, id);
    if (!round || round.site_id !== siteId) throw notFound(id);
    const [view] = await this.views([round]);
    if (!view) throw notFound(id);
    return view;
  }

  /** The prizes of those rounds that are still open, as `SportsJackpotPrizes` pushes them. */
  async prizes(roundIds: number[]): Promise<SportsJackpotPrizesPush[]> {
    const open = (await roundsByIds(this.deps.db, roundIds)).filter((r) => r.status === 'open');
    return (await this.views(open)).map((round) => ({
      roundId: round.id,
      jackpot: round.jackpot,
      tiers: round.tiers.map((tier) => ({ hits: tier.hits, prize: tier.prize })),
    }));
  }

  async results(siteId: number): Promise<JackpotResultsResponse> {
    const rounds = await roundsWhere(this.deps.db, {
      siteId,
      statuses: ['settled', 'void'],
      limit: 10,
    });
    return { rounds: await this.views(rounds) };
  }

  async tickets(
    userId: number,
    query: { page: number; pageSize: number },
  ): Promise<JackpotTicketsResponse> {
    const { rows, total } = await ticketsOfUser(this.deps.db, userId, {
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    const rounds = new Map(
      (await roundsByIds(this.deps.db, [...new Set(rows.map((r) => r.round_id))])).map((r) => [
        r.id,
        r,
      ]),
    );
    const lines = await linesOf(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return {
      items: rows.flatMap((t) => {
        const round = rounds.get(t.round_id);
        return round ? [ticketView(t, round, lines)] : [];
      }),
      page: query.page,
      pageSize: query.pageSize,
      totalCount: total,
    };
  }

  /**
   * Buys a ticket: the round must be open and before its first kick-off, every line complete
   * and distinct. One ledger transaction takes the price from the buyer's cash: the excise to
   * tax payable, the rest into the sports jackpot pool (taxes as for a bet stake). Any refusal
   * charges nothing.
   */
  async buy(
    user: SessionUser,
    roundId: number,
    request: JackpotBuyRequest,
  ): Promise<JackpotBuyResponse> {
    const { db } = this.deps;
    const round = await roundById(db, roundId);
    if (!round || round.site_id !== user.siteId) throw notFound(roundId);
    if (round.status !== 'open' || this.deps.now() >= round.closes_at) throw closed(round);
    const matches = await matchesOf(db, [round.id]);
    const checked = checkLines(request.lines, round.match_count);
    if (!checked.ok) {
      throw new AppError(
        'BAD_REQUEST',
        checked.problems.map((p) => problemDetail(p, matches)),
      );
    }
    await assertCanGamble(db, user.userId, this.deps.now());
    const siteId: SiteId = isSiteId(user.siteId) ? user.siteId : 2;
    const policy = taxPolicyAt(DEFAULT_TAX_POLICIES, siteId, this.deps.now());
    const price = ticketPrice(checked.lines.length, round.stake_per_line as Cents);
    const { excise, net } = ticketExcise(price, policy);
    const lines = checked.lines.map((l) => l.join(''));

    const placedAt = this.deps.now();
    const { ticketId, userIds } = await db.transaction().execute(async (tx) => {
      // Shares the round's row: settlement (which locks it for update) waits for this ticket.
      const locked = await roundById(tx, roundId, 'share');
      if (!locked || locked.status !== 'open' || placedAt >= locked.closes_at) {
        throw closed(round);
      }
      const entries: LedgerEntryInput[] = [
        { account: { userId: user.userId, kind: 'cash' }, amount: -price },
      ];
      if (net > 0) entries.push({ account: { system: 'sports_jackpot_pool' }, amount: net });
      if (excise > 0) entries.push({ account: { system: 'tax_payable' }, amount: excise });
      const posted = await postTransaction(tx, {
        kind: 'jackpot_ticket',
        idempotencyKey: request.idempotencyKey
          ? `sports_jackpot:user:${user.userId}:buy:${request.idempotencyKey}`
          : null,
        userId: user.userId,
        entries,
        meta: { roundId, lines: lines.length, excise },
      });
      if (posted.duplicate) {
        // A retry of a purchase already made: its ticket, nothing charged again.
        const existing = await ticketIdByStakeTransaction(tx, posted.transactionId);
        if (existing === null) throw new Error(`no ticket for transaction ${posted.transactionId}`);
        return { ticketId: existing, userIds: [] };
      }
      const ticketId = await insertTicket(
        tx,
        {
          roundId,
          userId: user.userId,
          stakePerLine: round.stake_per_line,
          price,
          excise,
          netStake: net,
          taxPolicy: policy,
          stakeTransactionId: posted.transactionId,
          placedAt,
        },
        lines,
      );
      return { ticketId, userIds: posted.userIds };
    });
    if (userIds.length > 0) this.onSold(roundId);
    await publishBalances(this.deps, userIds);
    const mine = await this.tickets(user.userId, { page: 1, pageSize: 50 });
    const ticket = mine.items.find((t) => t.ticketId === `JP${ticketId}`);
    if (!ticket) throw new Error(`ticket ${ticketId} vanished`);
    return { ticket, balance: toUnits((await getBalances(db, user.userId)).cash) };
  }
}
