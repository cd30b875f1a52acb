import { createBetslip } from '@dau/domain/betslip';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toggleSelection, useBetslipStore, dispatchBetslip } from '../../lib/betslip-store';
import { placeBets, placementRequests } from './place-bet';

const pick = (eventId: number, marketUid: string, outcomeId: number, odds: number) => ({
  eventId,
  marketUid,
  outcomeId,
  odds,
  marketName: 'm',
  outcomeName: 'o',
  eventName: 'e',
  isLive: false,
  kickOff: '',
});

beforeEach(() => {
  localStorage.clear();
  useBetslipStore.setState({ normal: createBetslip('normal'), moves: {} });
  toggleSelection(pick(1, '1', 1, 2.1));
  toggleSelection(pick(2, '18|total=2.5', 12, 1.85));
});
afterEach(() => vi.unstubAllGlobals());

let n = 0;
const key = () => `key-${(n += 1)}-abcdefgh`;

describe('bet placement', () => {
  it('sends a multiple as one request in currency units with market id and specifier apart', () => {
    dispatchBetslip({ type: 'setComboStake', value: '25.5' });
    const [request, ...rest] = placementRequests(useBetslipStore.getState().normal, 'higher', key);
    expect(rest).toEqual([]);
    expect(request).toMatchObject({
      siteId: 2,
      betType: 'multiple',
      stake: 25.5,
      freebetStake: 0,
      acceptOddsChanges: 'higher',
      selections: [
        { eventId: 1, marketId: 1, specifier: '', outcomeId: 1, odds: 2.1 },
        { eventId: 2, marketId: 18, specifier: 'total=2.5', outcomeId: 12, odds: 1.85 },
      ],
    });
  });

  it('sends singles one request each, with their own stakes and keys', () => {
    dispatchBetslip({ type: 'setBetType', betType: 'single' });
    dispatchBetslip({ type: 'setSingleStake', value: 30 });
    const requests = placementRequests(useBetslipStore.getState().normal, 'none', key);
    expect(requests.map((r) => [r.betType, r.stake, r.selections.length])).toEqual([
      ['single', 30, 1],
      ['single', 30, 1],
    ]);
    expect(new Set(requests.map((r) => r.idempotencyKey)).size).toBe(2);
  });

  it("blocks the refused event's selection with the server's message", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      if (!url.includes('PlaceBet')) return new Response(null, { status: 204 });
      bodies.push(JSON.parse(String(init.body)));
      return Response.json(
        {
          hasErrors: true,
          datasource_entries: [
            {
              error_triggered: true,
              dimension_value: 'Odds have changed to 2.30',
              value: 'ODDS_CHANGED',
              name: '1',
            },
          ],
        },
        { status: 409 },
      );
    });
    const result = await placeBets(useBetslipStore.getState().normal, 'none');
    expect(bodies).toHaveLength(1);
    expect(result).toEqual({ placed: [], messages: [] });
    const slip = useBetslipStore.getState().normal;
    expect(slip.selections['1-1-1']?.selectionitem).toMatchObject({
      ibs: true,
      sm: 'Odds have changed to 2.30',
    });
    expect(slip.selections['2-18|total=2.5-12']?.selectionitem.ibs).toBe(false);
  });
});
