import type { PlaceBetRequest, PlaceBetResponse } from '@dau/contracts/betting/place-bet';
import { parseAmount } from '@dau/domain/amount-input';
import { parseOdds } from '@dau/domain/odds';
import { siteConfig, type SiteId } from '@dau/domain/sites';
import type { SessionUser } from '../../app-types';
import type { DbOrTx } from '../../db/database';
import { AppError } from '../../errors/app-error';
import { betByIdempotencyKey, betSelections } from './betting.repository';

export const insufficientFreeBet = () =>
  new AppError('CONFLICT', [
    {
      code: 'INSUFFICIENT_FREE_BET',
      message: 'Your free bet balance is not enough for this amount.',
      name: 'freebetStake',
    },
  ]);

/** What a slip asks for, in stored units; a retry with the same idempotency key repeats it. */
function slipIdentity(slip: {
  siteId: number;
  betType: string;
  stake: number | null;
  freebetStake: number | null;
  acceptOddsChanges: string;
  legs: {
    eventId: number;
    marketId: number;
    specifier: string;
    outcomeId: number;
    odds: number | null;
  }[];
}): string {
  return JSON.stringify([
    slip.siteId,
    slip.betType,
    slip.stake,
    slip.freebetStake,
    slip.acceptOddsChanges,
    slip.legs.map((l) => [l.eventId, l.marketId, l.specifier, l.outcomeId, l.odds]),
  ]);
}

/**
 * The answer for an idempotency key the user already placed a bet with: the first result when
 * the slip is the same, 409 `IDEMPOTENCY_KEY_REUSED` when it differs (decision 124); null for a
 * new key.
 */
export async function answerForKnownKey(
  db: DbOrTx,
  user: SessionUser,
  input: PlaceBetRequest,
): Promise<PlaceBetResponse | null> {
  const previous = await betByIdempotencyKey(db, user.userId, input.idempotencyKey);
  if (!previous) return null;
  const legs = await betSelections(db, [previous.id]);
  const currencyCode = siteConfig(user.siteId as SiteId).currencyCode;
  const cents = (value: number) => {
    const parsed = parseAmount(value, currencyCode);
    return parsed.ok ? parsed.cents : null;
  };
  const stored = slipIdentity({
    siteId: previous.site_id,
    betType: previous.bet_type,
    stake: previous.stake,
    freebetStake: previous.freebet_stake,
    acceptOddsChanges: previous.accept_odds_changes,
    legs: legs.map((l) => ({
      eventId: l.event_id,
      marketId: l.market_id,
      specifier: l.specifier,
      outcomeId: l.outcome_id,
      odds: l.requested_odds,
    })),
  });
  const requested = slipIdentity({
    siteId: input.siteId,
    betType: input.betType,
    stake: cents(input.stake),
    freebetStake: cents(input.freebetStake),
    acceptOddsChanges: input.acceptOddsChanges,
    legs: input.selections.map((s) => ({ ...s, odds: parseOdds(s.odds) })),
  });
  if (stored !== requested) {
    throw new AppError('CONFLICT', [
      {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This bet reference was already used for another slip. Please submit the slip again.',
        name: 'idempotencyKey',
      },
    ]);
  }
  return previous.response as PlaceBetResponse;
}
