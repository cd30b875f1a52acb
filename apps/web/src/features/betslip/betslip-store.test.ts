import { createBetslip } from '@dau/domain/betslip';
import type { MarketGroup } from '@dau/contracts/sports/event-summary';
import type { EventSummary } from '@dau/contracts/sports/event-summary';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applyBetslipEvent,
  applyBetslipMarketStatus,
  applyBetslipOdds,
  applyBetslipSummary,
} from './betslip-feed';
import {
  startToss,
  TOSS_MS,
  dispatchBetslip,
  restoreBetslip,
  STORAGE_KEYS,
  toggleSelection,
  useBetslipStore,
} from '../../lib/betslip-store';

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
    pickedAt: {},
    toss: null,
    shakes: 0,
  });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

const summary = (odds: MarketGroup[], patch: Partial<EventSummary> = {}): EventSummary => ({
  id: 1,
  tid: 1,
  cid: 1,
  sid: 1,
  ltn: 'League',
  lcn: 'Country',
  lsn: 'Football',
  htn: 'Team 1',
  atn: 'Other',
  n: 'Team 1 - Other',
  edt: '2026-11-22T15:00:00Z',
  edtlocale: '22/11 18:00',
  odds,
  isLive: false,
  finished: false,
  isdeleted: false,
  ms: 0,
  mt: '',
  sc: '',
  st: '',
  nro: odds.length,
  ibs: false,
  ...patch,
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

  it('blocks a pick whose market is suspended by MarketUpdated and unblocks it on reopen', () => {
    toggleSelection(pick(1, 12, 1.95));
    const id = '1-18|total=2.5-12';
    const push = { eventId: 1, marketId: 18, specifier: 'total=2.5', ibs: false };
    applyBetslipMarketStatus({ ...push, status: -1 });
    expect(useBetslipStore.getState().normal.selections[id]?.selectionitem.ibs).toBe(true);
    // Another line of the same market leaves this pick alone.
    applyBetslipMarketStatus({ ...push, specifier: 'total=3.5', status: 1 });
    expect(useBetslipStore.getState().normal.selections[id]?.selectionitem.ibs).toBe(true);
    applyBetslipMarketStatus({ ...push, status: 1 });
    expect(useBetslipStore.getState().normal.selections[id]?.selectionitem.ibs).toBe(false);
    // Deactivated: the market is gone and the pick expires.
    applyBetslipMarketStatus({ ...push, status: 0 });
    const expired = useBetslipStore.getState().normal.selections[id]?.selectionitem;
    expect(expired).toMatchObject({ o: 0, ibs: true, sm: 'Market has expired' });
  });

  it('catches up from the summary sent on JoinMarketForBetslip: new price, then an expired line', () => {
    toggleSelection(pick(1, 12, 1.95));
    const id = '1-18|total=2.5-12';
    applyBetslipSummary(summary([total(2.2)]));
    let selection = useBetslipStore.getState().normal.selections[id];
    expect(selection?.selectionitem.o).toBe(220);
    expect(useBetslipStore.getState().pickedAt[id]).toBe(195);
    // The market is still offered, but not the 2.5 line: the pick has expired.
    applyBetslipSummary(summary([{ ...total(2.2), uid: '18|total=3.5', sp: 'total=3.5' }]));
    selection = useBetslipStore.getState().normal.selections[id];
    expect(selection?.selectionitem.o).toBe(0);
    expect(selection?.selectionitem.ibs).toBe(true);
    expect(selection?.selectionitem.sm).toBe('Market has expired');
    // A summary without the market at all (deactivated or settled) expires it as well.
    toggleSelection(pick(2, 13, 1.8));
    applyBetslipSummary(summary([], { id: 2 }));
    expect(
      useBetslipStore.getState().normal.selections['2-18|total=2.5-13']?.selectionitem.sm,
    ).toBe('Market has expired');
    applyBetslipSummary(summary([], { id: 1, finished: true }));
    expect(useBetslipStore.getState().normal.selections[id]?.deleted).toBe(true);
  });

  it('keeps the virtual betslip apart from the normal one, stored under its own key', () => {
    toggleSelection(pick(1, 12, 1.95), 'virtual');
    expect(useBetslipStore.getState().virtual.numselections).toBe(1);
    expect(useBetslipStore.getState().normal.numselections).toBe(0);
    expect(restoreBetslip('virtual', localStorage).numselections).toBe(1);
    expect(localStorage.getItem(STORAGE_KEYS.normal)).toBeNull();
    // Feed updates belong to the sports (normal) slip only.
    applyBetslipOdds(1, total(3));
    expect(
      useBetslipStore.getState().virtual.selections['1-18|total=2.5-12']?.selectionitem.o,
    ).toBe(195);
  });

  it('runs one toss at a time for 750 ms, then shakes the button', () => {
    vi.useFakeTimers();
    const fab = document.createElement('button');
    fab.dataset.betslipFab = 'normal';
    document.body.append(fab);
    startToss('1.95', { x: 100, y: 300 });
    expect(useBetslipStore.getState().toss?.odds).toBe('1.95');
    startToss('2.40', { x: 100, y: 200 });
    expect(useBetslipStore.getState().toss?.odds).toBe('1.95');
    vi.advanceTimersByTime(TOSS_MS - 1);
    expect(useBetslipStore.getState().shakes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(useBetslipStore.getState().toss).toBeNull();
    expect(useBetslipStore.getState().shakes).toBe(1);
  });

  it('with reduced motion, skips the flight and only marks the button', () => {
    const matchMedia = vi.fn(() => ({ matches: true }) as MediaQueryList);
    vi.stubGlobal('matchMedia', matchMedia);
    const fab = document.createElement('button');
    fab.dataset.betslipFab = 'normal';
    document.body.append(fab);
    startToss('1.95', { x: 100, y: 300 });
    expect(useBetslipStore.getState().toss).toBeNull();
    expect(useBetslipStore.getState().shakes).toBe(1);
    expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    vi.unstubAllGlobals();
  });
});
