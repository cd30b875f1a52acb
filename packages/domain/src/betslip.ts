/**
 * The betslip engine (spec doc 2 §3 and §4): pure state and a reducer, one instance for the
 * normal betslip and one for the virtual betslip. The web app stores the state locally and
 * dispatches actions; the server recomputes the same figures when it accepts a bet. The state
 * and its actions are in `betslip-state.ts`, the rules on selections in `betslip-selections.ts`.
 */
import type {
  BetslipAction,
  BetslipConfig,
  BetslipKind,
  BetslipSelection,
  BetslipState,
} from './betslip-state';
import {
  betslipSelections,
  coerceStake,
  DEFAULT_BETSLIP_CONFIG,
  effectiveOdds,
  hasOddsChange,
  selectionKey,
} from './betslip-state';
import {
  acceptChanges,
  addSelection,
  applyOdds,
  applyRefusals,
  eventKey,
  isEnded,
  mapSelections,
  setAcceptOddsChanges,
  withoutKeys,
} from './betslip-selections';
import { DEFAULT_BOOST_QUALIFICATION, qualifiesForBoost } from './boost-qualification';
import { DEFAULT_COMBO_STAKE, DEFAULT_SINGLE_STAKE } from './constants';
import { MARKET_EXPIRED } from './messages';
import type { Cents } from './money';
import {
  combinedOdds,
  combinedOddsExact,
  multiplyRatio,
  ODDS_ONE,
  ratio,
  roundRatio,
} from './odds';
import type { PayoutBreakdown } from './payout';
import { boostedOdds, hundredthsText, payoutBreakdown } from './payout';
import { taxBoostNext, taxBoostPercentage } from './tax-boost';
import { SITE_STAKE_DEFAULTS } from './stake-defaults';
import type { SiteId } from './sites';
import { DEFAULT_TAX_POLICIES, taxPolicyAt } from './tax-policy';
import { winBoostNext, winBoostPercentage } from './win-boost';

/** The betslip rules of a site at a moment: its tax policy, currency and default stake. */
export function siteBetslipConfig(siteId: SiteId, now: Date): BetslipConfig {
  return {
    qualification: DEFAULT_BOOST_QUALIFICATION,
    policy: taxPolicyAt(DEFAULT_TAX_POLICIES, siteId, now),
    defaultStake: SITE_STAKE_DEFAULTS[siteId].defaultStake,
  };
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
      acceptOddsChanges: 'none',
      oddschanges: 0,
    },
    config,
  );
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
    case 'oddsUpdated':
      return applyOdds(state, action);
    case 'serverErrors':
      return applyRefusals(state, action.errors);
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
    case 'setAcceptOddsChanges':
      return setAcceptOddsChanges(state, action.value);
    case 'acceptChanges':
      return acceptChanges(state);
  }
}

/** Derives blocking, messages, counts, odds, boosts and totals from the stored facts. */
export function recompute(
  state: BetslipState,
  config: BetslipConfig = DEFAULT_BETSLIP_CONFIG,
): BetslipState {
  const selections: Record<string, BetslipSelection> = {};
  const list: BetslipSelection[] = [];
  for (const [key, stored] of Object.entries(state.selections)) {
    // Slips stored before the agreed price existed agreed to the price they show.
    const s =
      typeof stored.acceptedOdds === 'number'
        ? stored
        : { ...stored, acceptedOdds: stored.selectionitem.o };
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
    acceptOddsChanges: state.acceptOddsChanges ?? 'none',
    oddschanges: list.filter(hasOddsChange).length,
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
    taxBoostPercentage: state.taxboostpercentage,
  });
}

/**
 * True when the slip can be placed: at least one selection, none blocked or deleted, and no
 * price change waiting for 'Accept changes'.
 */
export function isPlaceable(state: BetslipState): boolean {
  return (
    state.numselections > 0 &&
    betslipSelections(state).every((s) => !s.selectionitem.ibs && !hasOddsChange(s))
  );
}

/**
 * The slip's combined odds as exact decimal text ('1358412790924.90'): `comboodds` is a number
 * and stops holding every hundredth past about 90 trillion (a 50-leg accumulator gets there).
 */
export function comboOddsText(state: BetslipState): string {
  const exact = combinedOddsExact(betslipSelections(state).map(effectiveOdds));
  return hundredthsText(roundRatio(multiplyRatio(exact, ratio(100n, 1n))));
}
