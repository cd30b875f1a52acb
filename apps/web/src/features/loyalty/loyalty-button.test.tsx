import type { LoyaltyProgressResponse } from '@dau/contracts/loyalty/loyalty-progress';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { LoyaltyButton } from './loyalty-button';
import { clearLoyalty } from './store';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const progress: LoyaltyProgressResponse = {
  progressPrc: 30,
  progressCount: 3,
  progressTargetCount: 10,
  minStake: 50,
  rewardAmount: 50,
  rewardGranted: false,
  weekStart: '2026-11-15T21:00:00.000Z',
  weekEnd: '2026-11-22T21:00:00.000Z',
};

function renderButton() {
  return render(
    <MemoryRouter>
      <LoyaltyButton />
    </MemoryRouter>,
  );
}

afterEach(() => {
  useSessionStore.setState({ isAuthenticated: false });
  clearLoyalty();
  vi.unstubAllGlobals();
});

describe('loyalty button', () => {
  it('shows the week’s progress, the rule and the reset in its pop-up', async () => {
    useSessionStore.setState({ isAuthenticated: true });
    const fetch = vi.fn(async (_url: string) => answer(200, progress));
    vi.stubGlobal('fetch', fetch);
    renderButton();
    const button = await screen.findByRole('button', {
      name: 'Weekly reward: 3 of 10 settled bets',
    });
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/core/loyalty/GetProgress');
    expect(button.getAttribute('style')).toContain('--loyalty-progress: 30%');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const popup = await screen.findByRole('dialog', { name: 'Weekly reward' });
    expect(screen.getByTestId('loyalty-count').textContent).toBe('3 of 10 settled bets');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    expect(popup.textContent).toContain(
      'Settle 10 bets of KSh 50.00 or more this week and get a KSh 50.00 free bet.',
    );
    expect(popup.textContent).toContain('New week starts Mon');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the free bet is in once the target is reached', async () => {
    useSessionStore.setState({ isAuthenticated: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(200, { ...progress, progressPrc: 100, progressCount: 10, rewardGranted: true }),
      ),
    );
    renderButton();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Weekly reward: 10 of 10 settled bets' }),
    );
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Done! Your KSh 50.00 free bet is in your account.',
    );
  });

  it('asks a guest to log in and never calls the server', async () => {
    const fetch = vi.fn(async (_url: string) => answer(200, progress));
    vi.stubGlobal('fetch', fetch);
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Loyalty' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'Log in to track your weekly free bet.',
    );
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(fetch).not.toHaveBeenCalled();
  });
});
