import type { GetBookingCodeResponse } from '@dau/contracts/betting/booking-code';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSharedSlip, slipSignature } from './booking-code-api';
import { setBetslipOpen, toggleSelection, useBetslipStore } from '../../lib/betslip-store';
import { BookingCodeBar } from './share-slip';
import { SocialSharePage } from './social-share-page';
import { resetBetslipStore } from './slip-test-kit';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const shared: GetBookingCodeResponse = {
  hasErrors: false,
  ssid: 'AB3K9X',
  createdAt: '2026-11-22T10:00:00.000Z',
  expiresAt: '2026-11-23T10:00:00.000Z',
  selections: [
    {
      eventId: 11,
      marketId: 1,
      specifier: '',
      outcomeId: 1,
      odds: 2.1,
      sharedOdds: 1.95,
      status: 'open',
      message: '',
      isLive: false,
      eventName: 'Gor Mahia - AFC Leopards',
      marketName: '1x2',
      outcomeName: 'Gor Mahia',
      sportId: 1,
      startTime: '2026-11-22T15:00:00.000Z',
    },
    {
      eventId: 12,
      marketId: 18,
      specifier: 'total=2.5',
      outcomeId: 12,
      odds: 1.8,
      sharedOdds: 1.8,
      status: 'suspended',
      message: 'Suspended',
      isLive: true,
      eventName: 'Tusker - Bandari',
      marketName: 'Total',
      outcomeName: 'Over 2.5',
      sportId: 1,
      startTime: '2026-11-22T09:00:00.000Z',
    },
    {
      eventId: 13,
      marketId: 1,
      specifier: '',
      outcomeId: 2,
      odds: 3.4,
      sharedOdds: 3.4,
      status: 'gone',
      message: 'Market has expired',
      isLive: false,
      eventName: 'Ulinzi - Sofapaka',
      marketName: '1x2',
      outcomeName: 'Draw',
      sportId: 1,
      startTime: '2026-11-21T15:00:00.000Z',
    },
  ],
};

beforeEach(resetBetslipStore);

afterEach(() => {
  vi.unstubAllGlobals();
});

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/social-share" element={<SocialSharePage />} />
          <Route path="/social-share/:ssid" element={<SocialSharePage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('loading a shared slip', () => {
  it('puts open and suspended picks on the slip in place of the old ones, never gone ones', () => {
    toggleSelection({
      eventId: 99,
      marketUid: '1',
      outcomeId: 1,
      odds: 1.5,
      marketName: '1x2',
      outcomeName: 'Mine',
      eventName: 'Mine - Yours',
      isLive: false,
      kickOff: '',
    });
    expect(loadSharedSlip(shared)).toBe(2);
    const slip = useBetslipStore.getState().normal;
    expect(slip.ssid).toBe('AB3K9X');
    expect(Object.keys(slip.selections).sort()).toEqual(['11-1-1', '12-18|total=2.5-12']);
    const open = slip.selections['11-1-1'];
    expect(open?.selectionitem.o).toBe(210);
    expect(open?.selectionitem.ibs).toBe(false);
    expect(open?.eventmin.n).toBe('Gor Mahia - AFC Leopards');
    expect(slip.selections['12-18|total=2.5-12']?.selectionitem.ibs).toBe(true);
    expect(slipSignature(slip)).toBe('11-1-1,12-18|total=2.5-12');
  });

  it('/social-share/{ssid} lists the picks, flags the gone one and fills the betslip', async () => {
    const fetch = vi.fn(async (_url: string) => answer(200, shared));
    vi.stubGlobal('fetch', fetch);
    renderAt('/social-share/ab3-k9x');
    expect(await screen.findByTestId('shared-code')).toHaveProperty('textContent', 'AB3K9X');
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/core/betslip/GetBookingCode/AB3K9X');
    expect(screen.getByText('was 1.95')).toBeTruthy();
    expect(screen.getByText('No longer available · Market has expired')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 shared selections are in your betslip.');
    expect(useBetslipStore.getState().normal.numselections).toBe(2);
    expect(screen.getByRole('button', { name: 'Betslip, 2 selections' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open betslip' }));
    const sheet = screen.getByRole('dialog', { name: 'Betslip' });
    expect(within(sheet).getByText('Gor Mahia')).toBeTruthy();
    expect(within(sheet).getByText('Over 2.5')).toBeTruthy();
  });

  it("shows the server's message for an expired code and lets the user type another", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(404, {
          hasErrors: true,
          datasource_entries: [
            {
              error_triggered: true,
              value: 'BOOKING_CODE_EXPIRED',
              dimension_value:
                'Booking code AB3K9X has expired: its events can no longer be bet on.',
            },
          ],
        }),
      ),
    );
    renderAt('/social-share/AB3K9X');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Booking code AB3K9X has expired: its events can no longer be bet on.',
    );
    expect(useBetslipStore.getState().normal.numselections).toBe(0);
    fireEvent.change(screen.getByLabelText('Enter a booking code'), {
      target: { value: 'zz7 hh2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load code' }));
    expect(screen.getByTestId('location').textContent).toBe('/social-share/ZZ7HH2');
  });

  it('/social-share checks the typed code before asking the server', () => {
    const fetch = vi.fn(async (_url: string) => answer(200, shared));
    vi.stubGlobal('fetch', fetch);
    renderAt('/social-share');
    fireEvent.change(screen.getByLabelText('Enter a booking code'), {
      target: { value: 'AB0K9X' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load code' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter a valid booking code: 6 letters and digits.',
    );
    expect(screen.getByTestId('location').textContent).toBe('/social-share');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('sharing the slip', () => {
  it('makes a code for the current picks, copies it, and asks again when the picks change', async () => {
    const requests: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        requests.push(JSON.parse(String(init?.body)));
        return answer(200, {
          hasErrors: false,
          ssid: 'QW7ERT',
          sharePath: '/social-share/QW7ERT',
          expiresAt: '2026-11-23T10:00:00.000Z',
          selectionsCount: 1,
        });
      }),
    );
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    const pick = (eventId: number) => ({
      eventId,
      marketUid: '18|total=2.5',
      outcomeId: 12,
      odds: 1.9,
      marketName: 'Total',
      outcomeName: 'Over 2.5',
      eventName: 'A - B',
      isLive: false,
      kickOff: '',
    });
    toggleSelection(pick(5));
    setBetslipOpen(true);
    render(
      <MemoryRouter>
        <BookingCodeBar />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Share this betslip as a booking code' }));
    expect((await screen.findByTestId('booking-code')).textContent).toBe('QW7ERT');
    expect(requests[0]).toEqual({
      siteId: 2,
      selections: [{ eventId: 5, marketId: 18, specifier: 'total=2.5', outcomeId: 12, odds: 1.9 }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('QW7ERT');
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${location.origin}/social-share/QW7ERT`);

    act(() => toggleSelection(pick(6)));
    expect(screen.queryByTestId('booking-code')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Share this betslip as a booking code' }),
    ).toBeTruthy();
  });

  it('offers to load a code on an empty slip', () => {
    render(
      <MemoryRouter>
        <BookingCodeBar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Load code' }).getAttribute('href')).toBe(
      '/social-share',
    );
  });
});
