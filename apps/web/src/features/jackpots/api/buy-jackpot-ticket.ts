import { JACKPOT_PATHS, jackpotsClientPath } from '@dau/contracts/jackpots/paths';
import type { JackpotBuyRequest, JackpotBuyResponse } from '@dau/contracts/jackpots/jackpots';
import { apiFetch } from '../../../lib/api-client';

/** `POST /api/jackpots/:id/tickets`: one ticket of explicit lines (signed-in). */
export function buyJackpotTicket(
  roundId: number,
  request: JackpotBuyRequest,
): Promise<JackpotBuyResponse> {
  return apiFetch<JackpotBuyResponse>({
    base: 'jackpots',
    path: jackpotsClientPath(JACKPOT_PATHS.buy(roundId)),
    method: 'POST',
    body: request,
  });
}
