/**
 * A bet brought in line with its legs (settlement, rollback, correction): what it should stand
 * at, and the postings that get it there, with its locks taken in the ledger's order (ADR 202).
 * `settlement.service.ts` feeds it the bets a feed message changed.
 */
import type { Cents } from '@dau/domain/money';
import { ratio, type Odds, type Ratio } from '@dau/domain/odds';
import { legFactor, settleBet, type LegOutcome } from '@dau/domain/settlement';
import type { TaxPolicy } from '@dau/domain/tax-policy';
import type { Tx } from '../../db/database';
import {
  lockAccounts,
  postTransaction,
  type AccountRef,
  type LedgerEntryInput,
} from '../wallet/ledger.service';
import { getBalances } from '../wallet/wallet.service';
import {
  addStatusHistory,
  betSelections,
  lockBet,
  updateBetSettlement,
} from './betting.repository';
import type { Notice } from './settlement-notices';
import type { BetRow, BetSelectionRow, BetStatus } from './betting.tables';

/** A decimal factor from the feed (e.g. 0.5) as an exact ratio. */
function decimalRatio(text: string): Ratio {
  const [whole = '0', fraction = ''] = text.split('.');
  const digits = fraction.replace(/0+$/, '');
  return ratio(BigInt(whole + digits), 10n ** BigInt(digits.length));
}

function voidFactorOf(value: string | null): 0 | 0.5 | 1 {
  const n = Number(value ?? 0);
  if (n === 1) return 1;
  if (n === 0.5) return 0.5;
  return 0;
}

/** The leg's settled outcome, or null while the feed has not settled it. */
export function legOutcome(
  s: Pick<BetSelectionRow, 'cancelled' | 'result' | 'void_factor' | 'dead_heat_factor'>,
): LegOutcome | null {
  if (s.cancelled) return { result: 'lost', voidFactor: 1 };
  if (s.result === null) return null;
  return {
    result: s.result,
    voidFactor: voidFactorOf(s.void_factor),
    ...(s.dead_heat_factor !== null ? { deadHeatFactor: decimalRatio(s.dead_heat_factor) } : {}),
  };
}

/**
 * Where the bet should stand given its legs: open while a leg is unsettled (unless one already
 * lost, which loses a multiple at once), otherwise the domain's settlement.
 */
function desiredState(bet: BetRow, legs: BetSelectionRow[]) {
  const outcomes = legs.map(legOutcome);
  const lostLeg = legs.some((leg, i) => {
    const o = outcomes[i];
    return o !== null && o !== undefined && legFactor(leg.odds as Odds, o).numerator === 0n;
  });
  if (!lostLeg && outcomes.some((o) => o === null)) return null;
  const settlement = settleBet({
    betId: String(bet.id),
    stake: bet.stake as Cents,
    freebetStake: bet.freebet_stake as Cents,
    betType: bet.bet_type,
    policy: bet.tax_policy as TaxPolicy,
    legs: legs.map((leg, i) => ({
      odds: leg.odds as Odds,
      // Unsettled legs of a bet that has already lost do not change the answer.
      outcome: outcomes[i] ?? { result: 'lost' },
      qualifies: leg.qualifies,
    })),
  });
  return {
    status: settlement.status,
    payout: settlement.breakdown.netPayout as number,
    withholding: settlement.breakdown.withholdingTax as number,
  };
}

function settlementEntries(bet: BetRow, payout: number, withholding: number, sign: 1 | -1) {
  const pool = bet.stake_after_excise + bet.freebet_stake;
  const house = pool - payout - withholding;
  const entries: LedgerEntryInput[] = [
    { account: { system: 'bets_in_play' }, amount: -pool * sign },
  ];
  if (payout !== 0)
    entries.push({ account: { userId: bet.user_id, kind: 'cash' }, amount: payout * sign });
  if (withholding !== 0)
    entries.push({ account: { system: 'tax_payable' }, amount: withholding * sign });
  if (house !== 0) entries.push({ account: { system: 'house' }, amount: house * sign });
  return entries;
}

/** A bet whose settlement no longer matches its legs: what it booked, and what it should. */
interface Reconciliation {
  bet: BetRow;
  messageKey: string;
  current: { status: BetStatus; payout: number; withholding: number } | null;
  desired: NonNullable<ReturnType<typeof desiredState>> | null;
}

/** Locks the bet and compares its settlement with its legs: null when nothing is to change. */
async function planBet(tx: Tx, betId: number, messageKey: string): Promise<Reconciliation | null> {
  const bet = await lockBet(tx, betId);
  // A cashed-out bet was paid once, by its cash-out: no settlement or rollback touches it. A
  // partly cashed-out bet settles only its running stake (its figures are the remainder's).
  if (!bet || bet.status === 'cashed_out') return null;
  const legs = await betSelections(tx, [betId]);
  const desired = desiredState(bet, legs);
  const current =
    bet.status === 'open'
      ? null
      : { status: bet.status, payout: bet.settled_payout, withholding: bet.settled_withholding };
  if (
    (desired === null && current === null) ||
    (desired &&
      current &&
      desired.status === current.status &&
      desired.payout === current.payout &&
      desired.withholding === current.withholding)
  ) {
    return null;
  }
  return { bet, messageKey, current, desired };
}

/**
 * Books one bet's reconciliation: reverses exactly what its current settlement booked, then
 * books the new settlement. Its accounts are locked already (`reconcileBets`).
 */
async function bookReconciliation(
  tx: Tx,
  plan: Reconciliation,
  now: Date,
  notices: Notice[],
  userIds: Set<number>,
) {
  const { bet, messageKey, current, desired } = plan;
  const betId = bet.id;
  let count = bet.settlement_count;
  if (current) {
    // A user may have spent (or withdrawn) the winnings already. Their cash never goes below
    // zero, so take what is there and let the house carry the rest, recorded on the
    // transaction, rather than block every later settlement behind this one. (The account is
    // locked: the balance read is the one the posting moves.)
    const { cash } = await getBalances(tx, bet.user_id);
    const recovered = Math.min(current.payout, cash);
    const shortfall = current.payout - recovered;
    // Reversing with what was recovered keeps the transaction balanced: the house gets back
    // that much less.
    const entries = settlementEntries(bet, recovered, current.withholding, -1);
    await postTransaction(tx, {
      kind: 'bet_settlement_rollback',
      idempotencyKey: `bet:${betId}:unsettle:${count}`,
      userId: bet.user_id,
      entries,
      meta: { betId, messageKey, shortfall },
    });
    await addStatusHistory(
      tx,
      betId,
      'open',
      shortfall > 0 ? `rolled back; ${shortfall} cents not recovered` : 'rolled back',
      messageKey,
      now,
    );
    notices.push({
      kind: 'rolled-back',
      userId: bet.user_id,
      siteId: bet.site_id,
      betId,
      payout: recovered,
    });
  }
  if (desired) {
    count += 1;
    await postTransaction(tx, {
      kind: 'bet_settlement',
      idempotencyKey: `bet:${betId}:settle:${count}`,
      userId: bet.user_id,
      entries: settlementEntries(bet, desired.payout, desired.withholding, 1),
      meta: { betId, messageKey, status: desired.status },
    });
    await addStatusHistory(tx, betId, desired.status, 'settled', messageKey, now);
    notices.push({
      kind: 'settled',
      userId: bet.user_id,
      siteId: bet.site_id,
      betId,
      status: desired.status,
      payout: desired.payout,
    });
  }
  await updateBetSettlement(tx, betId, {
    status: desired?.status ?? 'open',
    settledPayout: desired?.payout ?? 0,
    settledWithholding: desired?.withholding ?? 0,
    settlementCount: count,
    settledAt: desired ? now : null,
  });
  userIds.add(bet.user_id);
}

/** The house's accounts a settlement posts to (on the transaction's shard). */
const SETTLEMENT_HOUSE: AccountRef[] = [
  { system: 'bets_in_play' },
  { system: 'tax_payable' },
  { system: 'house' },
];

/**
 * Brings these bets in line with their legs, in the caller's transaction: reverses exactly what
 * a bet's settlement booked if that no longer holds, then books the new one. Running it twice
 * changes nothing, so a re-delivered message is harmless.
 *
 * Locks are taken in one order, in three steps (ADR 202): every bet, by id (as a cash-out locks
 * its bet before its accounts); then every account the postings will move — the house's rows,
 * then the users' by id, as `ledger_post_many` takes a placement batch's — and only then the
 * postings. Taking each bet's user as it came (in bet order, while holding the users before)
 * could deadlock with a placement batch holding a user of a later bet and waiting for one this
 * batch held.
 */
export async function reconcileBets(
  tx: Tx,
  bets: readonly { betId: number; messageKey: string }[],
  now: Date,
  notices: Notice[],
  userIds: Set<number>,
) {
  const plans: Reconciliation[] = [];
  for (const { betId, messageKey } of [...bets].sort((a, b) => a.betId - b.betId)) {
    const plan = await planBet(tx, betId, messageKey);
    if (plan) plans.push(plan);
  }
  if (plans.length === 0) return;
  await lockAccounts(tx, [
    ...SETTLEMENT_HOUSE,
    ...plans.map((p) => ({ userId: p.bet.user_id, kind: 'cash' as const })),
  ]);
  for (const plan of plans) await bookReconciliation(tx, plan, now, notices, userIds);
}
