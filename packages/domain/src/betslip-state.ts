/**
 * The betslip's data (spec doc 2 §3): the persisted state, its actions and the small rules on
 * one selection that both the reducer (`betslip.ts`) and the figures read. Units: stakes and
 * potential wins are `Cents`; odds are `Odds` (hundredths). Field names are the spec's.
 */
import type { BoostQualification } from './boost-qualification';
import { DEFAULT_BOOST_QUALIFICATION } from './boost-qualification';
import { roundToCurrency, type CurrencyCode } from './currency';
import type { Cents } from './money';
import type { AcceptOddsChanges } from './odds-acceptance';
import type { Odds } from './odds';
import { ODDS_ONE } from './odds';
import type { BetType } from './payout';
import type { TaxPolicy } from './tax-policy';
import { SPEC_TAX_POLICY } from './tax-policy';

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
  /**
   * The price the bettor agreed to (not a spec field). A feed price the accept-odds-changes
   * setting does not take by itself stays in `selectionitem.o` until the bettor accepts it;
   * until then the leg shows 'old → new' and the slip cannot be placed (see `hasOddsChange`).
   */
  acceptedOdds: Odds;
}

export interface BetslipErrorEntry {
  id: string;
  messages: string[];
}

/** One per-event refusal from PlaceBet: its code, message and, for ODDS_CHANGED, the price now. */
export interface ServerRefusal {
  eventId: EventId;
  messages: readonly string[];
  code?: string;
  /** The current price when the refusal was a price change. */
  odds?: Odds;
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
  /** Not a spec field: the bettor's accept-odds-changes setting ("Ask me" is `none`). */
  acceptOddsChanges: AcceptOddsChanges;
  /** Derived: legs whose price moved and waits for 'Accept changes'. */
  oddschanges: number;
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
  | { type: 'serverErrors'; errors: readonly ServerRefusal[] }
  | { type: 'clearErrors' }
  | { type: 'setBetType'; betType: BetType }
  | { type: 'setComboStake'; value: string | number }
  | { type: 'setSingleStake'; value: string | number }
  | { type: 'setSelectionStake'; id: string; value: string | number }
  | { type: 'setFreebetStake'; value: string | number }
  | { type: 'setSelectionFreebetStake'; id: string; value: string | number }
  | { type: 'setSsid'; ssid: string | null }
  | { type: 'setAcceptOddsChanges'; value: AcceptOddsChanges }
  /** 'Accept changes': every leg takes its current price. */
  | { type: 'acceptChanges' };

export function selectionKey(
  eventId: EventId,
  marketId: string | number,
  uid: string | number,
): string {
  return `${eventId}-${marketId}-${uid}`;
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

/** True when the leg's live price differs from the one the bettor agreed to and awaits 'Accept changes'. */
export function hasOddsChange(selection: BetslipSelection): boolean {
  return (
    !selection.deleted &&
    selection.selectionitem.o > 0 &&
    selection.selectionitem.o !== selection.acceptedOdds
  );
}

/** Selections in insertion order. */
export function betslipSelections(state: BetslipState): BetslipSelection[] {
  return Object.values(state.selections);
}

/** What is wrong with a typed stake, before it reaches the server (issue #15 defect 7). */
export type StakeProblem = 'notNumber' | 'tooManyDecimals' | 'zero';

/**
 * Checks a stake as typed: digits with at most two decimals (',' grouping allowed) and, unless
 * the field is optional (a free-bet stake), more than zero. Null when it is fine.
 */
export function stakeTextProblem(text: string, optional = false): StakeProblem | null {
  const value = text.trim().replace(/,/g, '');
  if (value === '') return optional ? null : 'zero';
  const match = /^(\d*)(?:\.(\d*))?$/.exec(value);
  if (!match || value === '.') return 'notNumber';
  if ((match[2] ?? '').length > 2) return 'tooManyDecimals';
  if (!optional && coerceStake(value) === 0) return 'zero';
  return null;
}

/** True when every bet the slip would place has a stake (cash or free bet) above zero. */
export function hasStakes(state: BetslipState): boolean {
  const list = betslipSelections(state);
  if (list.length === 0) return false;
  if (state.betType === 'multiple') return state.combostake + state.freebetstake > 0;
  return list.every((s) => s.stake + s.freebetstake > 0);
}
