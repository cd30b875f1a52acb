import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { betslipReducer, comboPayout, createBetslip, isPlaceable } from './betslip';
import type { AddSelection, BetslipAction, BetslipState } from './betslip-state';
import { betslipSelections, coerceStake, selectionKey } from './betslip-state';
import type { Odds } from './odds';

const pick = (eventId: number, uid = 1, odds = 200, marketId = 1): AddSelection => ({
  eventId,
  marketId,
  uid,
  odds: odds as Odds,
});

function run(actions: readonly BetslipAction[], start: BetslipState = createBetslip()) {
  return actions.reduce((state, action) => betslipReducer(state, action), start);
}

describe('betslip', () => {
  it('starts empty with the spec defaults', () => {
    const s = createBetslip('virtual');
    expect(s).toMatchObject({
      kind: 'virtual',
      numselections: 0,
      combostake: 1000,
      singlestake: 1000,
      freebetstake: 0,
      winboostpercentage: 0,
      winboostnext: 3,
      taxboostpercentage: 0,
      taxboostnext: 10,
      errorlist: {},
      ssid: null,
      latestClick: null,
    });
    expect(createBetslip('normal')).not.toBe(createBetslip('normal'));
  });

  it('keys selections eventId-marketId-uid and keeps one per event', () => {
    const s = run([
      { type: 'add', selection: pick(7, 1, 150) },
      { type: 'add', selection: pick(8, 2, 200) },
      { type: 'add', selection: pick(7, 3, 300) },
    ]);
    expect(Object.keys(s.selections).sort()).toEqual(['7-1-3', '8-1-2']);
    expect(s.numselections).toBe(2);
    expect(s.comboodds).toBe(600);
    expect(s.latestClick).toBe('7-1-3');
    expect(s.selections['7-1-3']?.selectionitem.isSelected).toBe(true);
  });

  it('removes one, toggles, and removes all', () => {
    let s = run([
      { type: 'add', selection: pick(1) },
      { type: 'add', selection: pick(2) },
      { type: 'add', selection: pick(3) },
    ]);
    s = betslipReducer(s, { type: 'remove', id: selectionKey(2, 1, 1) });
    expect(s.numselections).toBe(2);
    s = betslipReducer(s, { type: 'toggle', selection: pick(1) });
    expect(Object.keys(s.selections)).toEqual(['3-1-1']);
    s = betslipReducer(s, { type: 'removeAll' });
    expect(s.numselections).toBe(0);
    expect(s.totalstake).toBe(0);
  });

  it('blocks and flags deleted on Ended or deleted events, then removes them', () => {
    let s = run([
      { type: 'add', selection: pick(1) },
      { type: 'add', selection: pick(2) },
      { type: 'eventUpdated', event: { id: 1, ms: 'Ended' } },
      { type: 'eventUpdated', event: { id: 2, isdeleted: true } },
    ]);
    for (const sel of betslipSelections(s)) {
      expect(sel.selectionitem.ibs).toBe(true);
      expect(sel.deleted).toBe(true);
      expect(sel.eventmin.isdeleted).toBe(true);
    }
    expect(isPlaceable(s)).toBe(false);
    s = betslipReducer(s, { type: 'removeDeleted' });
    expect(s.numselections).toBe(0);
  });

  it("expires zero odds or a missing market with 'Market has expired' at odds 1", () => {
    let s = run([
      { type: 'add', selection: pick(1, 1, 200) },
      { type: 'add', selection: pick(2, 1, 300) },
      { type: 'oddsUpdated', eventId: 1, marketId: 1, uid: 1, odds: 0 as Odds },
    ]);
    expect(s.selections['1-1-1']?.selectionitem).toMatchObject({
      ibs: true,
      sm: 'Market has expired',
    });
    expect(s.comboodds).toBe(300);
    s = betslipReducer(s, { type: 'oddsUpdated', eventId: 2, marketId: 1, uid: 1, odds: null });
    expect(s.selections['2-1-1']?.selectionitem.sm).toBe('Market has expired');
    expect(s.comboodds).toBe(100);
    s = betslipReducer(s, {
      type: 'oddsUpdated',
      eventId: 2,
      marketId: 1,
      uid: 1,
      odds: 250 as Odds,
    });
    expect(s.selections['2-1-1']?.selectionitem).toMatchObject({ ibs: false, sm: '', o: 250 });
  });

  it('blocks a selection with the first server message for its event', () => {
    let s = run([
      { type: 'add', selection: pick(5) },
      { type: 'serverErrors', errors: [{ eventId: 5, messages: ['Odds changed', 'Other'] }] },
    ]);
    expect(s.errorlist['5']).toEqual({ id: '5', messages: ['Odds changed', 'Other'] });
    expect(s.selections['5-1-1']?.selectionitem).toMatchObject({ ibs: true, sm: 'Odds changed' });
    s = betslipReducer(s, { type: 'clearErrors' });
    expect(s.selections['5-1-1']?.selectionitem).toMatchObject({ ibs: false, sm: '' });
  });

  it('coerces stakes to two decimals; non-numeric free-bet stake is 0', () => {
    expect(coerceStake('12.345')).toBe(1235);
    expect(coerceStake('12.344')).toBe(1234);
    expect(coerceStake(7.5)).toBe(750);
    expect(coerceStake('abc')).toBe(0);
    expect(coerceStake('')).toBe(0);
    const s = run([
      { type: 'add', selection: pick(1) },
      { type: 'add', selection: pick(2) },
      { type: 'setComboStake', value: '50' },
      { type: 'setFreebetStake', value: 'free!' },
    ]);
    expect(s.combostake).toBe(5000);
    expect(s.freebetstake).toBe(0);
    expect(s.totalstake).toBe(5000);
  });

  it('counts qualifying and live selections and derives the boosts', () => {
    const s = run([
      { type: 'add', selection: pick(1, 1, 200) },
      { type: 'add', selection: pick(2, 1, 200) },
      { type: 'add', selection: { ...pick(3, 1, 200), event: { isLive: true } } },
      { type: 'add', selection: pick(4, 1, 110) }, // below the 1.20 minimum
    ]);
    expect(s.qualifyingselections).toBe(3);
    expect(s.liveselections).toBe(1);
    expect(s.winboostpercentage).toBe(3);
    expect(s.winboostnext).toBe(5);
    expect(s.comboodds).toBe(880);
    // 1 + (8.8 − 1) × 1.03 = 9.034 → 9.03
    expect(s.combooddswinboost).toBe(903);
    const payout = comboPayout(s);
    expect(payout?.winBoostPercentage).toBe(3);
    expect(payout?.stakeAfterExcise).toBe(870);
  });

  it('prices singles: totals and pwsingles', () => {
    const s = run([
      { type: 'setBetType', betType: 'single' },
      { type: 'add', selection: pick(1, 1, 200) },
      { type: 'add', selection: pick(2, 1, 300) },
      { type: 'setSelectionStake', id: '2-1-1', value: '20' },
      { type: 'setSelectionFreebetStake', id: '1-1-1', value: '5' },
    ]);
    expect(s.totalstake).toBe(3000);
    expect(s.totalfreebetstake).toBe(500);
    // single 1: (8.70 + 5) × 2 − 5 = 22.40, tax 2.74 → 19.66
    // single 2: 20 / 1.15 = 17.39; × 3 = 52.17; tax 20 % × 34.78 = 6.956 → 6.96 → 45.21
    expect(s.pwsingles).toBe(1966 + 4521);
  });

  const actionArb: fc.Arbitrary<BetslipAction> = fc.oneof(
    fc
      .record({
        eventId: fc.integer({ min: 1, max: 6 }),
        marketId: fc.constantFrom(1, 10, 18),
        uid: fc.integer({ min: 1, max: 3 }),
        odds: fc.integer({ min: 0, max: 2000 }),
      })
      .chain((sel) =>
        fc.constantFrom<BetslipAction>(
          { type: 'add', selection: { ...sel, odds: sel.odds as Odds } },
          { type: 'toggle', selection: { ...sel, odds: sel.odds as Odds } },
          {
            type: 'oddsUpdated',
            eventId: sel.eventId,
            marketId: sel.marketId,
            uid: sel.uid,
            odds: sel.odds as Odds,
          },
          { type: 'remove', id: selectionKey(sel.eventId, sel.marketId, sel.uid) },
          { type: 'eventUpdated', event: { id: sel.eventId, ms: 'Ended' } },
          { type: 'serverErrors', errors: [{ eventId: sel.eventId, messages: ['x'] }] },
        ),
      ),
    fc.constantFrom<BetslipAction>(
      { type: 'removeAll' },
      { type: 'removeDeleted' },
      { type: 'clearErrors' },
      { type: 'setBetType', betType: 'single' },
      { type: 'setBetType', betType: 'multiple' },
    ),
    fc.string().map<BetslipAction>((value) => ({ type: 'setComboStake', value })),
    fc.string().map<BetslipAction>((value) => ({ type: 'setFreebetStake', value })),
  );

  it('boosts never decrease as qualifying selections are added', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 120, max: 900 }), { maxLength: 60 }), (odds) => {
        let s = createBetslip();
        odds.forEach((o, i) => {
          const next = betslipReducer(s, { type: 'add', selection: pick(i + 1, 1, o) });
          expect(next.qualifyingselections).toBe(s.qualifyingselections + 1);
          expect(next.winboostpercentage).toBeGreaterThanOrEqual(s.winboostpercentage);
          expect(next.taxboostpercentage).toBeGreaterThanOrEqual(s.taxboostpercentage);
          expect(next.winboostnext).toBeGreaterThanOrEqual(s.winboostnext);
          s = next;
        });
      }),
    );
  });

  it('after any actions: one selection per event and numselections equals the count', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('normal', 'virtual' as const),
        fc.array(actionArb, { maxLength: 40 }),
        (kind, actions) => {
          const s = run(actions, createBetslip(kind as 'normal' | 'virtual'));
          const list = betslipSelections(s);
          const events = list.map((sel) => String(sel.brid));
          expect(new Set(events).size).toBe(events.length);
          expect(s.numselections).toBe(list.length);
          for (const [key, sel] of Object.entries(s.selections)) {
            expect(key).toBe(selectionKey(sel.brid, sel.marketId, sel.uid));
          }
          expect(s.qualifyingselections).toBeLessThanOrEqual(s.numselections);
          expect(Number.isInteger(s.combostake) && s.combostake >= 0).toBe(true);
          expect(Number.isInteger(s.freebetstake) && s.freebetstake >= 0).toBe(true);
          expect(s.kind).toBe(kind);
        },
      ),
    );
  });
});
