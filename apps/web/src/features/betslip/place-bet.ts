import type {
  PlaceBetRequest,
  PlaceBetResponse,
  PlaceBetSelection,
} from '@dau/contracts/betting/place-bet';
import {
  betslipSelections,
  type BetslipSelection,
  type BetslipState,
  type ServerRefusal,
} from '@dau/domain/betslip-state';
import { toUnitsString } from '@dau/domain/money';
import { ApiError, apiFetch } from '../../lib/api-client';
import { currentSiteId } from '../../lib/site';
import { dispatchBetslip, toOdds } from '../../lib/betslip-store';
import { ts } from './slip-strings';

/**
 * Placement through `POST {core}/betslip/PlaceBet` (issue #8). A multiple is one request; singles
 * are one request per selection. Per-event refusals come back with the event id in `name` and
 * block that selection with the server's message; slip-level refusals are returned as text.
 */
export type AcceptOddsChanges = PlaceBetRequest['acceptOddsChanges'];

export function toWireSelection(selection: BetslipSelection): PlaceBetSelection {
  const [marketId = '', ...specifier] = String(selection.marketId).split('|');
  return {
    eventId: Number(selection.brid),
    marketId: Number(marketId),
    specifier: specifier.join('|'),
    outcomeId: Number(selection.uid),
    // The price the bettor agreed to: the slip cannot be placed while a change waits.
    odds: selection.acceptedOdds / 100,
  };
}

/** Money goes on the wire in currency units with two decimals, converted here only. */
function units(cents: number): number {
  return Number(toUnitsString(cents as Parameters<typeof toUnitsString>[0]));
}

export function placementRequests(
  slip: BetslipState,
  acceptOddsChanges: AcceptOddsChanges,
  newKey: () => string,
): PlaceBetRequest[] {
  const selections = betslipSelections(slip);
  const siteId = currentSiteId();
  if (slip.betType === 'multiple' || selections.length === 1) {
    return [
      {
        siteId,
        betType: selections.length === 1 ? 'single' : 'multiple',
        stake: units(
          selections.length === 1 && slip.betType === 'single'
            ? (selections[0]?.stake ?? 0)
            : slip.combostake,
        ),
        freebetStake: units(slip.freebetstake),
        acceptOddsChanges,
        idempotencyKey: newKey(),
        selections: selections.map(toWireSelection),
      },
    ];
  }
  return selections.map((selection) => ({
    siteId,
    betType: 'single' as const,
    stake: units(selection.stake),
    freebetStake: units(selection.freebetstake),
    acceptOddsChanges,
    idempotencyKey: newKey(),
    selections: [toWireSelection(selection)],
  }));
}

/**
 * Schema validation answers name a field in machine words ('stake: Too small: expected number
 * to be >=0'); the bettor reads a sentence instead (issue #15 defect 7). The server's own
 * refusals (limits, balance) are sentences already and pass through.
 */
function humanMessage(entry: { value: string; name?: string; dimension_value: string }): string {
  if (entry.value !== 'VALIDATION_FAILED') return entry.dimension_value;
  const field = entry.name ?? '';
  if (field === 'stake' || field === 'freebetStake') return ts('stakeRejected');
  return ts('slipRejected');
}

export interface PlacementResult {
  placed: PlaceBetResponse[];
  /** Slip-level messages (stake limits, balance, ...). */
  messages: string[];
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export async function placeBets(
  slip: BetslipState,
  acceptOddsChanges: AcceptOddsChanges = slip.acceptOddsChanges,
): Promise<PlacementResult> {
  const placed: PlaceBetResponse[] = [];
  const messages: string[] = [];
  const perEvent = new Map<string, ServerRefusal>();
  dispatchBetslip({ type: 'clearErrors' });
  for (const request of placementRequests(slip, acceptOddsChanges, newKey)) {
    try {
      placed.push(
        await apiFetch<PlaceBetResponse>({
          base: 'core',
          path: '/betslip/PlaceBet',
          body: request,
        }),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      for (const entry of error.envelope.datasource_entries) {
        const eventIds = request.selections.map((s) => String(s.eventId));
        if (entry.name && eventIds.includes(entry.name)) {
          const seen = perEvent.get(entry.name);
          perEvent.set(entry.name, {
            eventId: entry.name,
            messages: [...(seen?.messages ?? []), entry.dimension_value],
            code: seen?.code ?? entry.value,
            ...(entry.odds !== undefined && seen?.odds === undefined
              ? { odds: toOdds(entry.odds) }
              : seen?.odds !== undefined
                ? { odds: seen.odds }
                : {}),
          });
        } else messages.push(humanMessage(entry));
      }
    }
  }
  if (perEvent.size > 0) {
    dispatchBetslip({ type: 'serverErrors', errors: [...perEvent.values()] });
  }
  // Placed picks leave the slip; refused ones stay with their messages.
  for (const bet of placed) {
    for (const s of betslipSelections(slip)) {
      if (bet.selections.some((p) => String(p.eventId) === String(s.brid)))
        dispatchBetslip({ type: 'remove', id: s.id });
    }
  }
  return { placed, messages };
}
