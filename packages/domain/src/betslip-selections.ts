/**
 * The betslip's rules on its selections (spec doc 2 §4, selection lifecycle): adding and
 * replacing picks, feed prices under the accept-odds-changes setting, ended events and the
 * server's per-event refusals. The reducer in `betslip.ts` calls these; `recompute` derives the
 * rest.
 */
import type {
  AddSelection,
  BetslipErrorEntry,
  BetslipSelection,
  BetslipState,
  EventId,
  SelectionEvent,
  ServerRefusal,
} from './betslip-state';
import { selectionKey } from './betslip-state';
import type { Cents } from './money';
import type { Odds } from './odds';
import type { AcceptOddsChanges } from './odds-acceptance';
import { oddsAcceptable } from './odds-acceptance';

export function isEnded(event: SelectionEvent, finished?: boolean): boolean {
  return finished === true || event.isdeleted || event.ms?.toLowerCase() === 'ended';
}

export function eventKey(eventId: EventId): string {
  return String(eventId);
}

export function addSelection(state: BetslipState, input: AddSelection): BetslipState {
  const id = selectionKey(input.eventId, input.marketId, input.uid);
  const selections: Record<string, BetslipSelection> = {};
  // One selection per event: an earlier pick on the same event is replaced.
  for (const [key, existing] of Object.entries(state.selections)) {
    if (eventKey(existing.brid) !== eventKey(input.eventId)) selections[key] = existing;
  }
  const eventmin: SelectionEvent = {
    isLive: false,
    isdeleted: false,
    ...input.event,
    id: input.eventId,
  };
  selections[id] = {
    id,
    brid: input.eventId,
    marketId: input.marketId,
    uid: input.uid,
    stake: state.singlestake,
    freebetstake: 0 as Cents,
    eventmin,
    selectionitem: {
      o: input.odds,
      ibs: false,
      sm: '',
      mn: input.marketName ?? '',
      isSelected: true,
      s: input.selectionName ?? '',
    },
    suspended: input.suspended ?? false,
    deleted: isEnded(eventmin),
    acceptedOdds: input.odds,
  };
  // A fresh pick of the event starts without the refusal of the pick it replaces.
  const errorlist = { ...state.errorlist };
  delete errorlist[eventKey(input.eventId)];
  return { ...state, selections, errorlist, latestClick: id };
}

export function mapSelections(
  state: BetslipState,
  update: (selection: BetslipSelection) => BetslipSelection,
): BetslipState {
  const selections: Record<string, BetslipSelection> = {};
  for (const [key, selection] of Object.entries(state.selections)) {
    selections[key] = update(selection);
  }
  return { ...state, selections };
}

export function withoutKeys(
  state: BetslipState,
  drop: (s: BetslipSelection) => boolean,
): BetslipState {
  const selections: Record<string, BetslipSelection> = {};
  const errorlist: Record<string, BetslipErrorEntry> = {};
  for (const [key, selection] of Object.entries(state.selections)) {
    if (drop(selection)) continue;
    selections[key] = selection;
    const errors = state.errorlist[eventKey(selection.brid)];
    if (errors) errorlist[eventKey(selection.brid)] = errors;
  }
  return { ...state, selections, errorlist };
}

/** The price the bettor stands at after the feed moves to `current` under `policy`. */
function agreedAfter(policy: AcceptOddsChanges, agreed: Odds, current: Odds): Odds {
  return current > 0 && oddsAcceptable(policy, agreed, current) ? current : agreed;
}

/**
 * A feed price (or a vanished market, `odds: null`) for one leg. The setting decides whether
 * the bettor's agreed price follows it; a price the setting does not take waits for 'Accept
 * changes'. A fresh open price is newer than any refusal of the leg's event, so that refusal
 * is dropped: the leg recovers by itself (issue #15, defect 1).
 */
export function applyOdds(
  state: BetslipState,
  action: {
    eventId: EventId;
    marketId: string | number;
    uid: string | number;
    odds: Odds | null;
    suspended?: boolean;
  },
): BetslipState {
  const id = selectionKey(action.eventId, action.marketId, action.uid);
  const target = state.selections[id];
  if (!target) return state;
  const o = action.odds ?? (0 as Odds);
  const suspended = action.suspended ?? target.suspended;
  const errorlist = { ...state.errorlist };
  if (o > 0 && !suspended) delete errorlist[eventKey(target.brid)];
  return {
    ...state,
    errorlist,
    selections: {
      ...state.selections,
      [id]: {
        ...target,
        suspended,
        acceptedOdds: agreedAfter(state.acceptOddsChanges, target.acceptedOdds, o),
        selectionitem: { ...target.selectionitem, o },
      },
    },
  };
}

/**
 * PlaceBet's per-event refusals. A price change carries the price now: the leg takes it as its
 * live price and asks (or, under a setting that takes it, simply moves) instead of staying
 * blocked. Any other refusal blocks the event's leg with the server's first message until a
 * fresh open price arrives (see `applyOdds`).
 */
export function applyRefusals(state: BetslipState, refusals: readonly ServerRefusal[]) {
  let next: BetslipState = { ...state, errorlist: { ...state.errorlist } };
  for (const refusal of refusals) {
    const key = eventKey(refusal.eventId);
    if (refusal.code === 'ODDS_CHANGED' && refusal.odds !== undefined && refusal.odds > 0) {
      const price = refusal.odds;
      next = mapSelections(next, (s) =>
        eventKey(s.brid) !== key
          ? s
          : {
              ...s,
              acceptedOdds: agreedAfter(next.acceptOddsChanges, s.acceptedOdds, price),
              selectionitem: { ...s.selectionitem, o: price },
            },
      );
      continue;
    }
    next.errorlist[key] = { id: key, messages: [...refusal.messages] };
  }
  return next;
}

/** 'Accept changes': every open leg takes its current price. */
export function acceptChanges(state: BetslipState): BetslipState {
  return mapSelections(state, (s) =>
    s.selectionitem.o > 0 ? { ...s, acceptedOdds: s.selectionitem.o } : s,
  );
}

/** A new setting applies to the changes already waiting, as it would have on arrival. */
export function setAcceptOddsChanges(state: BetslipState, policy: AcceptOddsChanges): BetslipState {
  return mapSelections({ ...state, acceptOddsChanges: policy }, (s) => ({
    ...s,
    acceptedOdds: agreedAfter(policy, s.acceptedOdds, s.selectionitem.o),
  }));
}
