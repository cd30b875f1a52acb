import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createBetslip } from '@dau/domain/betslip';
import { MemoryRouter } from 'react-router';
import { setBetslipOpen, useBetslipStore } from '../../lib/betslip-store';
import { BetslipDock } from './betslip-dock';

/** What the betslip's component tests share: a pick, an empty slip, the dock on a page. */
export function testPick(eventId: number, odds: number, { isLive = false, kickOff = '' } = {}) {
  return {
    eventId,
    marketUid: '1',
    outcomeId: 1,
    odds,
    marketName: '1x2',
    outcomeName: `Home ${eventId}`,
    eventName: `Home ${eventId} - Away ${eventId}`,
    isLive,
    kickOff,
  };
}

export function resetBetslipStore(): void {
  localStorage.clear();
  useBetslipStore.setState({
    normal: createBetslip('normal'),
    virtual: createBetslip('virtual'),
    sheetOpen: false,
    moves: {},
    pickedAt: {},
    toss: null,
    shakes: 0,
  });
}

/** The dock with its query client and router; `open` opens the slip sheet as a tap would. */
export function renderDock({ path = '/', open = false } = {}): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <BetslipDock />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  if (open) act(() => setBetslipOpen(true));
}
