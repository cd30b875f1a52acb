import { createBetslip } from '@dau/domain/betslip';
import type { MarketGroup } from '@dau/contracts/sports/event-summary';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyBetslipEvent,
  applyBetslipOdds,
  dispatchBetslip,
  restoreBetslip,
  STORAGE_KEYS,
  toggleSelection,
  useBetslipStore,
} from './betslip-store';

const pick = (eventId: number, outcomeId: number, odds: number) => ({
  eventId,
  marketUid: '18|total=2.5',
  outcomeId,
  odds,
  marketName: 'Total 2.5',
  outcomeName: outcomeId === 12 ? 'Over 2.5' : 'Under 2.5',
  eventName: `Team ${eventId} - Other`,
  isLive: false,
  kickOff: '22/11 18:00',
});

const total = (o: number, status = 1): MarketGroup => ({
  uid: '18|total=2.5',
  id: 18,
  sp: 'total=2.5',
  n: 'Total',
  s: status,
  ibs: false,
  m: [
    { id: 12, n: 'over 2.5', o, ibs: false },
    { id: 13, n: 'under 2.5', o: 1.8, ibs: false },
  ],
});

beforeEach(() => {
  localStorage.clear();
  useBetslipStore.setState({
    normal: createBetslip('normal'),
    virtual: createBetslip('virtual'),
    moves: {},
  });
});

describe('betslip store', () => {
  it('persists every change and restores the slip, keeping normal and virtual apart', () => {
    toggleSelection(pick(1, 12, 1.95));
    toggleSelection(pick(2, 13, 2.1));
    dispatchBetslip({ type: 'setComboStake', value: '50' });
    const restored = restoreBetslip('normal', localStorage);
    expect(restored.numselections).toBe(2);
    expect(restored.combostake).toBe(5000);
    expect(restored.comboodds).toBe(410); // 1.95 × 2.10 = 4.095 → 4.10 (domain rounding)
    expect(restored.selections['1-18|total=2.5-12']?.eventmin.n).toBe('Team 1 - Other');
    expect(restoreBetslip('virtual', localStorage).numselections).toBe(0);
    expect(localStorage.getItem(STORAGE_KEYS.virtual)).toBeNull();
  });

  it('starts empty from a broken stored value', () => {
    localStorage.setItem(STORAGE_KEYS.normal, '{not json');
    expect(restoreBetslip('normal', localStorage).numselections).toBe(0);
    localStorage.setItem(STORAGE_KEYS.normal, JSON.stringify({ kind: 'virtual' }));
    expect(restoreBetslip('normal', localStorage).numselections).toBe(0);
  });

  it('follows price changes and suspensions of the markets on the slip', () => {
    toggleSelection(pick(1, 12, 1.95));
    applyBetslipOdds(1, total(2.05));
    const id = '1-18|total=2.5-12';
    expect(useBetslipStore.getState().normal.selections[id]?.selectionitem.o).toBe(205);
    expect(useBetslipStore.getState().moves[id]).toBe('up');
    applyBetslipOdds(1, total(2.05, -1));
    expect(useBetslipStore.getState().normal.selections[id]?.selectionitem.ibs).toBe(true);
    applyBetslipOdds(1, total(2.05));
    expect(useBetslipStore.getState().normal.selections[id]?.selectionitem.ibs).toBe(false);
    // Another event's market leaves the slip alone.
    const before = useBetslipStore.getState().normal;
    applyBetslipOdds(2, total(9));
    expect(useBetslipStore.getState().normal).toBe(before);
  });

  it('blocks the pick of an ended event', () => {
    toggleSelection(pick(1, 12, 1.95));
    applyBetslipEvent({ eventId: 1, finished: true });
    const selection = Object.values(useBetslipStore.getState().normal.selections)[0];
    expect(selection?.deleted).toBe(true);
    expect(selection?.selectionitem.ibs).toBe(true);
  });
});
