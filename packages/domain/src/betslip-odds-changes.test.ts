import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { betslipReducer, createBetslip, isPlaceable } from './betslip';
import type { AddSelection, BetslipAction, BetslipState } from './betslip-state';
import { betslipSelections, hasOddsChange } from './betslip-state';
import type { Odds } from './odds';
import type { AcceptOddsChanges } from './odds-acceptance';

const pick = (eventId: number, odds = 295): AddSelection => ({
  eventId,
  marketId: 1,
  uid: 1,
  odds: odds as Odds,
});
const price = (eventId: number, odds: number | null, suspended = false): BetslipAction => ({
  type: 'oddsUpdated',
  eventId,
  marketId: 1,
  uid: 1,
  odds: odds as Odds | null,
  suspended,
});

function run(actions: readonly BetslipAction[], start: BetslipState = createBetslip()) {
  return actions.reduce((state, action) => betslipReducer(state, action), start);
}

const withSetting = (value: AcceptOddsChanges) =>
  run([
    { type: 'setAcceptOddsChanges', value },
    { type: 'add', selection: pick(1) },
  ]);

describe('issue #15 defect 1: a refused leg recovers by itself', () => {
  it('a suspension refusal clears when a fresh open price arrives', () => {
    let s = run([
      { type: 'add', selection: pick(1) },
      { type: 'add', selection: pick(2, 150) },
      {
        type: 'serverErrors',
        errors: [{ eventId: 1, code: 'MARKET_SUSPENDED', messages: ['Market is suspended'] }],
      },
    ]);
    expect(s.selections['1-1-1']?.selectionitem).toMatchObject({
      ibs: true,
      sm: 'Market is suspended',
    });
    expect(isPlaceable(s)).toBe(false);
    // Still suspended: stays blocked.
    s = betslipReducer(s, price(1, 295, true));
    expect(isPlaceable(s)).toBe(false);
    // Open again at the agreed price: placeable without removing the leg.
    s = betslipReducer(s, price(1, 295));
    expect(s.selections['1-1-1']?.selectionitem).toMatchObject({ ibs: false, sm: '' });
    expect(s.errorlist['1']).toBeUndefined();
    expect(isPlaceable(s)).toBe(true);
  });

  it('an odds refusal moves the leg to the new price instead of blocking it', () => {
    const s = run([
      { type: 'add', selection: pick(1, 295) },
      {
        type: 'serverErrors',
        errors: [
          {
            eventId: 1,
            code: 'ODDS_CHANGED',
            odds: 310 as Odds,
            messages: ['Odds changed from 2.95 to 3.10'],
          },
        ],
      },
    ]);
    const leg = s.selections['1-1-1'];
    expect(leg?.selectionitem).toMatchObject({ o: 310, ibs: false, sm: '' });
    expect(leg?.acceptedOdds).toBe(295);
    expect(s.oddschanges).toBe(1);
    const accepted = betslipReducer(s, { type: 'acceptChanges' });
    expect(isPlaceable(accepted)).toBe(true);
    expect(accepted.selections['1-1-1']?.acceptedOdds).toBe(310);
  });

  it('a pick re-added for the same event starts without the old refusal', () => {
    const s = run([
      { type: 'add', selection: pick(1) },
      { type: 'serverErrors', errors: [{ eventId: 1, messages: ['Market is suspended'] }] },
      { type: 'add', selection: { ...pick(1), uid: 2 } },
    ]);
    expect(s.errorlist).toEqual({});
    expect(isPlaceable(s)).toBe(true);
  });
});

describe('issue #15 defect 2: the accept-odds-changes setting', () => {
  it('"Ask me" (none) shows old and new and waits for Accept changes', () => {
    let s = betslipReducer(withSetting('none'), price(1, 310));
    const leg = s.selections['1-1-1'];
    expect(leg && hasOddsChange(leg)).toBe(true);
    expect(leg?.acceptedOdds).toBe(295);
    expect(leg?.selectionitem.o).toBe(310);
    expect(s.oddschanges).toBe(1);
    expect(isPlaceable(s)).toBe(false);
    s = betslipReducer(s, { type: 'acceptChanges' });
    expect(s.oddschanges).toBe(0);
    expect(isPlaceable(s)).toBe(true);
    // Figures follow the live price throughout.
    expect(s.comboodds).toBe(310);
  });

  it('"Ask me" stops asking when the price returns to the agreed one', () => {
    const s = run([price(1, 310), price(1, 295)], withSetting('none'));
    expect(s.oddschanges).toBe(0);
    expect(isPlaceable(s)).toBe(true);
  });

  it('"higher" takes a better price by itself and asks about a worse one', () => {
    let s = betslipReducer(withSetting('higher'), price(1, 310));
    expect(s.selections['1-1-1']?.acceptedOdds).toBe(310);
    expect(isPlaceable(s)).toBe(true);
    s = betslipReducer(s, price(1, 280));
    expect(s.selections['1-1-1']?.acceptedOdds).toBe(310);
    expect(isPlaceable(s)).toBe(false);
  });

  it('"any" takes every change', () => {
    const s = run([price(1, 310), price(1, 150)], withSetting('any'));
    expect(s.selections['1-1-1']?.acceptedOdds).toBe(150);
    expect(isPlaceable(s)).toBe(true);
  });

  it('switching the setting applies it to changes already waiting', () => {
    let s = betslipReducer(withSetting('none'), price(1, 310));
    s = betslipReducer(s, { type: 'setAcceptOddsChanges', value: 'higher' });
    expect(isPlaceable(s)).toBe(true);
    expect(s.acceptOddsChanges).toBe('higher');
  });

  it('a slip stored before the agreed price existed agrees to what it shows', () => {
    const stored = withSetting('none');
    const leg = stored.selections['1-1-1'];
    if (!leg) throw new Error('no leg');
    const { acceptedOdds: _dropped, ...old } = leg;
    const s = betslipReducer(
      { ...stored, selections: { [leg.id]: old as typeof leg } },
      { type: 'clearErrors' },
    );
    expect(s.selections['1-1-1']?.acceptedOdds).toBe(295);
    expect(isPlaceable(s)).toBe(true);
  });

  it('property: after Accept changes every open leg stands at its live price', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<AcceptOddsChanges>('none', 'higher', 'any'),
        fc.array(
          fc.record({ e: fc.integer({ min: 1, max: 4 }), o: fc.integer({ min: 0, max: 900 }) }),
          {
            maxLength: 30,
          },
        ),
        (setting, moves) => {
          let s = run(
            [1, 2, 3, 4].map((e) => ({ type: 'add', selection: pick(e, 200) }) as BetslipAction),
            betslipReducer(createBetslip(), { type: 'setAcceptOddsChanges', value: setting }),
          );
          for (const m of moves) s = betslipReducer(s, price(m.e, m.o));
          if (setting === 'any') expect(s.oddschanges).toBe(0);
          s = betslipReducer(s, { type: 'acceptChanges' });
          expect(s.oddschanges).toBe(0);
          for (const leg of betslipSelections(s)) {
            if (leg.selectionitem.o > 0) expect(leg.acceptedOdds).toBe(leg.selectionitem.o);
          }
        },
      ),
    );
  });
});
