/**
 * The betslip engine (spec doc 2 §3 and §4): pure state and a reducer, one instance for the
 * normal betslip and one for the virtual betslip. The web app stores the state locally and
 * dispatches actions; the server recomputes the same figures when it accepts a bet.
 *
 * Units: stakes and potential wins are `Cents`; odds are `Odds` (hundredths). Field names are
 * the spec's, so the persisted shape reads like the product's.
 */
import type { BoostQualification } from './boost-qualification';
import { DEFAULT_BOOST_QUALIFICATION, qualifiesForBoost } from './boost-qualification';
import { DEFAULT_COMBO_STAKE, DEFAULT_SINGLE_STAKE } from './constants';
import { MARKET_EXPIRED } from './messages';
import type { Cents } from './money';
import type { Odds } from './odds';
import { combinedOdds, ODDS_ONE } from './odds';
import { roundToCurrency, type CurrencyCode } from './currency';
import type { BetType, PayoutBreakdown } from './payout';
import { boostedOdds, payoutBreakdown } from './payout';
import { taxBoostNext, taxBoostPercentage } from './tax-boost';
import type { TaxPolicy } from './tax-policy';
import { DEFAULT_TAX_POLICIES, SPEC_TAX_POLICY, taxPolicyAt } from './tax-policy';
import { SITE_STAKE_DEFAULTS } from './stake-defaults';
import type { SiteId } from './sites';
import { winBoostNext, winBoostPercentage } from './win-boost';

export type BetslipKind = 'normal' | 'virtual';
export type EventId = string | number;

/** Event summary carried by a selection (`eventmin`). */
export interface SelectionEvent {
  id: EventId;
  /** Event name ('Home - Away'), shown on the slip. */
  n?: string;
  /** Match status; 'Ended' ends the selection. */
  ms?: string;
  /** Match time. */
  mt?: string;
  /** Score. */
  sc?: string;
  isLive: boolean;
  isdeleted: boolean;
  edtlocale?: string;
}

export interface SelectionItem {
  /** Odds in hundredths; 0 means the market is gone ('Market has expired'). */
  o: Odds;
  /** Blocked or suspended (derived: feed suspension, ended/deleted, expired, server error). */
  ibs: boolean;
  /** Status message shown on the selection. */
  sm: string;
  /** Market name. */
  mn: string;
  isSelected: boolean;
  /** Outcome (selection) name. */
  s: string;
}

export interface BetslipSelection {
  /** `eventId-marketId-uid`. */
  id: string;
  /** Event id. */
  brid: EventId;
  marketId: string | number;
  uid: string | number;
  stake: Cents;
  freebetstake: Cents;
  eventmin: SelectionEvent;
  selectionitem: SelectionItem;
  /** Suspension flag as last sent by the feed (ibs is derived from it and the rest). */
  suspended: boolean;
  /** Flagged deleted (event ended or deleted); removed by `removeDeleted`. */
  deleted: boolean;
}

export interface BetslipErrorEntry {
  id: string;
  messages: string[];
}

export interface BetslipState {
  kind: BetslipKind;
  /** Not a spec field: whether the slip is placed as one multiple or as singles. */
  betType: BetType;
  selections: Record<string, BetslipSelection>;
  numselections: number;
  /** Product of the legs' odds (expired legs count as 1), rounded half-up; 1.00 when empty. */
  comboodds: Odds;
  /** Combined odds with the win boost on the winnings part. */
  combooddswinboost: Odds;
  winboostpercentage: number;
  winboostnext: number;
  taxboostpercentage: number;
  taxboostnext: number;
  combostake: Cents;
  singlestake: Cents;
  freebetstake: Cents;
  totalfreebetstake: Cents;
  totalstake: Cents;
  /** Sum of the net potential wins of the placeable singles. */
  pwsingles: Cents;
  /** Per event id. */
  errorlist: Record<string, BetslipErrorEntry>;
  ssid: string | null;
  qualifyingselections: number;
  liveselections: number;
  latestClick: string | null;
}

export interface BetslipConfig {
  qualification: BoostQualification;
  /** The site's tax policy; its `currency` also sets the stake step (whole units in UGX/TZS). */
  policy: TaxPolicy;
  /** The stake a fresh slip starts with (the spec's 10 where absent). */
  defaultStake?: Cents;
}

export const DEFAULT_BETSLIP_CONFIG: BetslipConfig = {
  qualification: DEFAULT_BOOST_QUALIFICATION,
  policy: SPEC_TAX_POLICY,
};

/** The betslip rules of a site at a moment: its tax policy, currency and default stake. */
export function siteBetslipConfig(siteId: SiteId, now: Date): BetslipConfig {
  return {
    qualification: DEFAULT_BOOST_QUALIFICATION,
    policy: taxPolicyAt(DEFAULT_TAX_POLICIES, siteId, now),
    defaultStake: SITE_STAKE_DEFAULTS[siteId].defaultStake,
  };
}

export interface AddSelection {
  eventId: EventId;
  marketId: string | number;
  uid: string | number;
  odds: Odds;
  marketName?: string;
  selectionName?: string;
  suspended?: boolean;
  event?: Partial<Omit<SelectionEvent, 'id'>>;
}

export type BetslipAction =
  | { type: 'add'; selection: AddSelection }
  | { type: 'toggle'; selection: AddSelection }
  | { type: 'remove'; id: string }
  | { type: 'removeAll' }
  | { type: 'removeDeleted' }
  | {
      type: 'eventUpdated';
      event: { id: EventId } & Partial<Omit<SelectionEvent, 'id'>> & { finished?: boolean };
    }
  | {
      type: 'oddsUpdated';
      eventId: EventId;
      marketId: string | number;
      uid: string | number;
      /** null when the market is missing. */
      odds: Odds | null;
      suspended?: boolean;
    }
  | { type: 'serverErrors'; errors: readonly { eventId: EventId; messages: readonly string[] }[] }
  | { type: 'clearErrors' }
  | { type: 'setBetType'; betType: BetType }
  | { type: 'setComboStake'; value: string | number }
  | { type: 'setSingleStake'; value: string | number }
  | { type: 'setSelectionStake'; id: string; value: string | number }
  | { type: 'setFreebetStake'; value: string | number }
  | { type: 'setSelectionFreebetStake'; id: string; value: string | number }
  | { type: 'setSsid'; ssid: string | null };

export function selectionKey(
  eventId: EventId,
  marketId: string | number,
  uid: string | number,
): string {
  return `${eventId}-${marketId}-${uid}`;
}

/** A fresh, empty betslip of either kind (the spec keeps the two separate). */
export function createBetslip(
  kind: BetslipKind = 'normal',
  config: BetslipConfig = DEFAULT_BETSLIP_CONFIG,
): BetslipState {
  return recompute(
    {
      kind,
      betType: 'multiple',
      selections: {},
      numselections: 0,
      comboodds: ODDS_ONE,
      combooddswinboost: ODDS_ONE,
      winboostpercentage: 0,
      winboostnext: 0,
      taxboostpercentage: 0,
      taxboostnext: 0,
      combostake: config.defaultStake ?? DEFAULT_COMBO_STAKE,
      singlestake: config.defaultStake ?? DEFAULT_SINGLE_STAKE,
      freebetstake: 0 as Cents,
      totalfreebetstake: 0 as Cents,
      totalstake: 0 as Cents,
      pwsingles: 0 as Cents,
      errorlist: {},
      ssid: null,
      qualifyingselections: 0,
      liveselections: 0,
      latestClick: null,
    },
    config,
  );
}

/**
 * Stakes are coerced to numbers with two decimals (doc 2 §5): digits are read exactly and a
 * third decimal rounds half-up; anything non-numeric or negative is 0. In a currency without
 * decimals (UGX, TZS) the stake is rounded half-up to a whole unit.
 */
export function coerceStake(
  value: string | number | null | undefined,
  currency?: CurrencyCode,
): Cents {
  const coerced = coerceStakeToCents(value);
  return (currency ? roundToCurrency(coerced, currency) : coerced) as Cents;
}

function coerceStakeToCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined) return 0 as Cents;
  const text = (typeof value === 'number' ? String(value) : value).trim().replace(/,/g, '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || text === '' || text === '.') return 0 as Cents;
  const whole = Number(match[1] || '0');
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const cents = whole * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0);
  return (Number.isSafeInteger(cents) ? cents : 0) as Cents;
}

/** The odds a leg contributes: an expired market (odds 0) counts as 1. */
export function effectiveOdds(selection: BetslipSelection): Odds {
  return selection.selectionitem.o > 0 ? selection.selectionitem.o : ODDS_ONE;
}

function isEnded(event: SelectionEvent, finished?: boolean): boolean {
  return finished === true || event.isdeleted || event.ms?.toLowerCase() === 'ended';
}

function eventKey(eventId: EventId): string {
  return String(eventId);
}

function addSelection(state: BetslipState, input: AddSelection): BetslipState {
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
  const ended = isEnded(eventmin);
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
    deleted: ended,
  };
  return { ...state, selections, latestClick: id };
}

function mapSelections(
  state: BetslipState,
  update: (selection: BetslipSelection) => BetslipSelection,
): BetslipState {
  const selections: Record<string, BetslipSelection> = {};
  for (const [key, selection] of Object.entries(state.selections)) {
    selections[key] = update(selection);
  }
  return { ...state, selections };
}

function withoutKeys(state: BetslipState, drop: (s: BetslipSelection) => boolean): BetslipState {
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

function apply(state: BetslipState, action: BetslipAction, config: BetslipConfig): BetslipState {
  const stakeOf = (value: string | number | null | undefined) =>
    coerceStake(value, config.policy.currency);
  switch (action.type) {
    case 'add':
      return addSelection(state, action.selection);
    case 'toggle': {
      const { eventId, marketId, uid } = action.selection;
      const id = selectionKey(eventId, marketId, uid);
      if (state.selections[id])
        return { ...withoutKeys(state, (s) => s.id === id), latestClick: id };
      return addSelection(state, action.selection);
    }
    case 'remove':
      return withoutKeys(state, (s) => s.id === action.id);
    case 'removeAll':
      return { ...state, selections: {}, errorlist: {}, freebetstake: 0 as Cents };
    case 'removeDeleted':
      return withoutKeys(state, (s) => s.deleted);
    case 'eventUpdated': {
      const { finished, ...patch } = action.event;
      return mapSelections(state, (s) => {
        if (eventKey(s.brid) !== eventKey(action.event.id)) return s;
        const eventmin = { ...s.eventmin, ...patch, id: s.brid };
        return { ...s, eventmin, deleted: s.deleted || isEnded(eventmin, finished) };
      });
    }
    case 'oddsUpdated': {
      const id = selectionKey(action.eventId, action.marketId, action.uid);
      const target = state.selections[id];
      if (!target) return state;
      return {
        ...state,
        selections: {
          ...state.selections,
          [id]: {
            ...target,
            suspended: action.suspended ?? target.suspended,
            selectionitem: { ...target.selectionitem, o: action.odds ?? (0 as Odds) },
          },
        },
      };
    }
    case 'serverErrors': {
      const errorlist = { ...state.errorlist };
      for (const error of action.errors) {
        errorlist[eventKey(error.eventId)] = {
          id: eventKey(error.eventId),
          messages: [...error.messages],
        };
      }
      return { ...state, errorlist };
    }
    case 'clearErrors':
      return { ...state, errorlist: {} };
    case 'setBetType':
      return { ...state, betType: action.betType };
    case 'setComboStake':
      return { ...state, combostake: stakeOf(action.value) };
    case 'setSingleStake': {
      const stake = stakeOf(action.value);
      return { ...mapSelections(state, (s) => ({ ...s, stake })), singlestake: stake };
    }
    case 'setSelectionStake':
      return mapSelections(state, (s) =>
        s.id === action.id ? { ...s, stake: stakeOf(action.value) } : s,
      );
    case 'setFreebetStake':
      return { ...state, freebetstake: stakeOf(action.value) };
    case 'setSelectionFreebetStake':
      return mapSelections(state, (s) =>
        s.id === action.id ? { ...s, freebetstake: stakeOf(action.value) } : s,
      );
    case 'setSsid':
      return { ...state, ssid: action.ssid };
  }
}

/** Derives blocking, messages, counts, odds, boosts and totals from the stored facts. */
export function recompute(
  state: BetslipState,
  config: BetslipConfig = DEFAULT_BETSLIP_CONFIG,
): BetslipState {
  const selections: Record<string, BetslipSelection> = {};
  const list: BetslipSelection[] = [];
  for (const [key, s] of Object.entries(state.selections)) {
    const expired = s.selectionitem.o <= 0;
    const errors = state.errorlist[eventKey(s.brid)]?.messages ?? [];
    const firstError = errors[0];
    const sm = firstError ?? (expired ? MARKET_EXPIRED : '');
    const ibs = s.suspended || s.deleted || expired || firstError !== undefined;
    const eventmin =
      s.deleted && !s.eventmin.isdeleted ? { ...s.eventmin, isdeleted: true } : s.eventmin;
    const updated = { ...s, eventmin, selectionitem: { ...s.selectionitem, ibs, sm } };
    selections[key] = updated;
    list.push(updated);
  }
  const legs = list.map(effectiveOdds);
  const qualifying = list.filter((s) =>
    qualifiesForBoost(
      { odds: effectiveOdds(s), blocked: s.selectionitem.ibs, isLive: s.eventmin.isLive },
      config.qualification,
    ),
  ).length;
  const winboostpercentage = winBoostPercentage(qualifying);
  let pwsingles = 0;
  let singlesStake = 0;
  let singlesFreebet = 0;
  for (const s of list) {
    singlesStake += s.stake;
    singlesFreebet += s.freebetstake;
    if (s.selectionitem.ibs) continue;
    pwsingles += payoutBreakdown({
      stake: s.stake,
      freebetStake: s.freebetstake,
      legs: [effectiveOdds(s)],
      betType: 'single',
      policy: config.policy,
    }).netPayout;
  }
  const multiple = state.betType === 'multiple';
  return {
    ...state,
    selections,
    numselections: list.length,
    comboodds: combinedOdds(legs),
    combooddswinboost: boostedOdds(legs, winboostpercentage),
    winboostpercentage,
    winboostnext: winBoostNext(qualifying),
    taxboostpercentage: taxBoostPercentage(qualifying),
    taxboostnext: taxBoostNext(qualifying),
    qualifyingselections: qualifying,
    liveselections: list.filter((s) => s.eventmin.isLive).length,
    pwsingles: pwsingles as Cents,
    totalstake: (list.length === 0 ? 0 : multiple ? state.combostake : singlesStake) as Cents,
    totalfreebetstake: (list.length === 0
      ? 0
      : multiple
        ? state.freebetstake
        : singlesFreebet) as Cents,
  };
}

/** The reducer: applies one action and recomputes every derived field. */
export function betslipReducer(
  state: BetslipState,
  action: BetslipAction,
  config: BetslipConfig = DEFAULT_BETSLIP_CONFIG,
): BetslipState {
  return recompute(apply(state, action, config), config);
}

/** Selections in insertion order. */
export function betslipSelections(state: BetslipState): BetslipSelection[] {
  return Object.values(state.selections);
}

/**
 * The multiple's full payout breakdown (combo stake, free-bet stake, boosts), or null when the
 * slip is empty. One selection is priced as a single.
 */
export function comboPayout(
  state: BetslipState,
  config: BetslipConfig = DEFAULT_BETSLIP_CONFIG,
): PayoutBreakdown | null {
  const legs = betslipSelections(state).map(effectiveOdds);
  if (legs.length === 0) return null;
  return payoutBreakdown({
    stake: state.combostake,
    freebetStake: state.freebetstake,
    legs,
    betType: legs.length === 1 ? 'single' : 'multiple',
    policy: config.policy,
    winBoostPercentage: state.winboostpercentage,
  });
}

/** True when every selection can be placed (none blocked or deleted). */
export function isPlaceable(state: BetslipState): boolean {
  return state.numselections > 0 && betslipSelections(state).every((s) => !s.selectionitem.ibs);
}
