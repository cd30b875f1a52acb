import type {
  CashoutOfferResponse,
  CashoutUnavailableReason,
} from '@dau/contracts/betting/cashout';
import { parseAmount } from '@dau/domain/amount-input';
import {
  cashoutAllowed,
  cashoutOffer,
  splitCashoutStake,
  type CashoutBet,
  type CashoutLeg,
  type CashoutOffer,
} from '@dau/domain/cashout';
import { formatMoney, type Cents } from '@dau/domain/money';
import type { Odds } from '@dau/domain/odds';
import { isSiteId, siteConfig, type SiteId } from '@dau/domain/sites';
import { policyStep, type TaxPolicy } from '@dau/domain/tax-policy';
import type { AppDeps } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import {
  checkSelectionsOpen,
  selectionInModel,
  type SelectionAvailability,
} from '../feed/market-availability';
import { toUnits } from '../wallet/wallet.service';
import { betSelections, userBet } from './betting.repository';
import type { OfferBet, OfferLeg } from './open-bets-index';
import type { BetRow, BetSelectionRow } from './betting.tables';
import { legOutcome } from './bet-reconciliation';

/**
 * Cash-out on the server (issue #21): the bet's legs and the feed's current prices become the
 * domain's `CashoutBet`, priced by `cashoutOffer` (ADR 220) — the formula lives only there.
 */

/** A bet's legs as the domain prices them, or why the bet has no offer before any price. */
export interface CashoutState<B extends OfferBet = BetRow> {
  bet: B;
  cashoutBet: CashoutBet;
  /** Set when configuration switches cash-out off or a producer of an open leg is down. */
  blocked: 'disabled' | 'producer-down' | null;
  marginBps: number;
}

export const betNotFound = () =>
  new AppError('NOT_FOUND', [{ code: 'BET_NOT_FOUND', message: 'Bet not found.', name: 'betId' }]);

/** A bet that is no longer open cannot be cashed out: 409 naming what happened to it. */
export function betNotOpen(bet: OfferBet): AppError {
  return bet.status === 'cashed_out'
    ? new AppError('CONFLICT', [
        { code: 'BET_CASHED_OUT', message: 'This bet has been cashed out.', name: 'betId' },
      ])
    : new AppError('CONFLICT', [
        { code: 'BET_SETTLED', message: 'This bet has already settled.', name: 'betId' },
      ]);
}

/** The signed-in user's bet (404 for an unknown bet or another user's). */
export async function ownBet(db: DbOrTx, userId: number, betId: number): Promise<BetRow> {
  const bet = await userBet(db, userId, betId);
  if (!bet) throw betNotFound();
  return bet;
}

/** The bet's legs with their current prices (read from `db`: inside a transaction when given one). */
export async function cashoutState(
  deps: AppDeps,
  db: DbOrTx,
  bet: BetRow,
  selections?: BetSelectionRow[],
): Promise<CashoutState> {
  const rows = selections ?? (await betSelections(db, [bet.id]));
  const [state] = await cashoutStates(deps, db, [bet], rows);
  return state!;
}

/**
 * `cashoutState` for many bets with a fixed number of queries: their legs, sports and current
 * prices are read from the database in bulk (the cash-out itself prices this way).
 */
export async function cashoutStates(
  deps: AppDeps,
  db: DbOrTx,
  bets: readonly BetRow[],
  selections?: BetSelectionRow[],
): Promise<CashoutState[]> {
  const rows =
    selections ??
    (await betSelections(
      db,
      bets.map((b) => b.id),
    ));
  const sports = await eventSports(db, [...new Set(rows.map((r) => r.event_id))]);
  const openRows = rows.filter((row) => !legOutcome(row));
  const prices = await checkSelectionsOpen(db, openRows.map(selectionOf), deps.now());
  const availability = new Map<OfferLeg, SelectionAvailability>(
    openRows.map((row, i) => [row, prices[i]!]),
  );
  return statesOf(deps, bets, rows, {
    sport: (eventId) => sports.get(eventId),
    price: (row) => availability.get(row),
  });
}

/**
 * The same states priced from this instance's read model instead of the database: the offers
 * pushed as prices move (the ingesting instance's model holds the committed prices). `sportOf`
 * names each leg's sport (the index keeps it with the leg).
 */
export function cashoutStatesInModel<B extends OfferBet>(
  deps: AppDeps,
  bets: readonly B[],
  legs: readonly OfferLeg[],
  sportOf: (eventId: number) => number | undefined,
): CashoutState<B>[] {
  const now = deps.now();
  const model = deps.feed.model;
  return statesOf(deps, bets, legs, {
    sport: sportOf,
    price: (row) => selectionInModel(model, selectionOf(row), now),
  });
}

const selectionOf = (row: OfferLeg) => ({
  eventId: row.event_id,
  marketId: row.market_id,
  specifier: row.specifier,
  outcomeId: row.outcome_id,
});

/** Where a pricing finds each open leg's sport and current price. */
interface PriceSource {
  sport(eventId: number): number | undefined;
  price(leg: OfferLeg): SelectionAvailability | undefined;
}

function statesOf<B extends OfferBet>(
  deps: AppDeps,
  bets: readonly B[],
  rows: readonly OfferLeg[],
  source: PriceSource,
): CashoutState<B>[] {
  const byBet = new Map<number, OfferLeg[]>();
  for (const row of rows) {
    const list = byBet.get(row.bet_id);
    if (list) list.push(row);
    else byBet.set(row.bet_id, [row]);
  }
  return bets.map((bet) => {
    const legRows = byBet.get(bet.id) ?? [];
    const legs: CashoutLeg[] = [];
    let producerDown = false;
    for (const row of legRows) {
      const outcome = legOutcome(row);
      if (outcome) {
        legs.push({
          state: 'settled',
          placedOdds: row.odds as Odds,
          outcome,
          qualifies: row.qualifies,
        });
        continue;
      }
      const price = source.price(row);
      if (price && !price.open && price.reason === 'PRODUCER_DOWN') producerDown = true;
      legs.push({
        state: 'open',
        placedOdds: row.odds as Odds,
        currentOdds: price?.open ? (price.odds as Odds) : null,
        qualifies: row.qualifies,
        // Legs carry no price boost yet (no boosted prices exist); ADR 220 refuses them once they do.
        boosted: false,
      });
    }
    const allowed =
      isSiteId(bet.site_id) &&
      cashoutAllowed(
        deps.config.betting.cashout,
        bet.site_id,
        legRows.map((r) => ({
          sport: String(source.sport(r.event_id) ?? ''),
          market: String(r.market_id),
        })),
      );
    return {
      bet,
      cashoutBet: {
        stake: bet.stake as Cents,
        freebetStake: bet.freebet_stake as Cents,
        betType: bet.bet_type,
        legs,
      },
      blocked: !allowed ? 'disabled' : producerDown ? 'producer-down' : null,
      marginBps: deps.config.betting.cashout.marginBps,
    };
  });
}

async function eventSports(db: DbOrTx, eventIds: number[]): Promise<Map<number, number>> {
  if (eventIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('feed_events')
    .select(['id', 'sport_id'])
    .where('id', 'in', eventIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.sport_id]));
}

export type PricedOffer =
  | { available: true; quote: Extract<CashoutOffer, { available: true }>['quote'] }
  | {
      available: false;
      reason: CashoutUnavailableReason;
    };

/** The offer for `stake` cents of the bet's running stake (all of it when not given). */
export function priceCashout(state: CashoutState<OfferBet>, stake?: Cents): PricedOffer {
  // Free-bet stakes are refused by the rule itself, before configuration or the feed.
  if (state.cashoutBet.freebetStake > 0) return { available: false, reason: 'freebet' };
  if (state.blocked) return { available: false, reason: state.blocked };
  const offer = cashoutOffer(
    { ...state.cashoutBet, stake: stake ?? state.cashoutBet.stake },
    state.bet.tax_policy as TaxPolicy,
    state.marginBps,
  );
  return offer;
}

/** GET /api/bets/:betId/cashout: the offer for the signed-in user's open bet. */
export async function cashoutOfferFor(
  deps: AppDeps,
  userId: number,
  betId: number,
  stake?: number,
): Promise<CashoutOfferResponse> {
  const bet = await ownBet(deps.db, userId, betId);
  if (bet.status !== 'open') throw betNotOpen(bet);
  const policy = bet.tax_policy as TaxPolicy;
  const part = stake === undefined ? (bet.stake as Cents) : parseMoney(stake, 'stake', bet.site_id);
  if (stake !== undefined && !splitCashoutStake(bet.stake as Cents, part, policy)) {
    throw invalidPart(bet);
  }
  return offerResponse(bet, part, priceCashout(await cashoutState(deps, deps.db, bet), part));
}

/** The wire shape of an offer for `part` cents of the bet's running stake (GET and pushes). */
export function offerResponse(
  bet: OfferBet,
  part: Cents,
  offer: PricedOffer,
): CashoutOfferResponse {
  const base = {
    betId: String(bet.id),
    stake: toUnits(bet.stake),
    cashedStake: toUnits(part),
    partialStep: toUnits(Number(policyStep(bet.tax_policy as TaxPolicy))),
  };
  if (!offer.available) {
    return {
      ...base,
      available: false,
      reason: offer.reason,
      value: null,
      gross: null,
      withholdingTax: null,
      taxBoostAmount: null,
      potentialWin: null,
    };
  }
  const q = offer.quote;
  return {
    ...base,
    available: true,
    reason: null,
    value: toUnits(q.value),
    gross: toUnits(q.gross),
    withholdingTax: toUnits(q.withholdingTax),
    taxBoostAmount: toUnits(q.taxBoostAmount),
    potentialWin: toUnits(q.potentialWin),
  };
}

/** An amount from the wire in the bet's site currency, as integer cents (400 when malformed). */
export function parseMoney(value: number, field: string, siteId: number): Cents {
  const site = siteConfig((isSiteId(siteId) ? siteId : 2) as SiteId);
  const parsed = parseAmount(value, site.currencyCode);
  if (!parsed.ok) {
    throw new AppError('VALIDATION_FAILED', [
      { code: 'INVALID_AMOUNT', message: 'Not a valid amount for this currency.', name: field },
    ]);
  }
  return parsed.cents as Cents;
}

export function siteOf(bet: Pick<BetRow, 'site_id'>) {
  return siteConfig((isSiteId(bet.site_id) ? bet.site_id : 2) as SiteId);
}

export function invalidPart(bet: OfferBet): AppError {
  return new AppError('BAD_REQUEST', [
    {
      code: 'INVALID_CASHOUT_STAKE',
      message: `The part to cash out must be a whole amount above zero and at most the running stake (${formatMoney(bet.stake as Cents, siteOf(bet))}).`,
      name: 'stake',
    },
  ]);
}
