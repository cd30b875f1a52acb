import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetContentVersion } from '../../lib/content-client';
import { useSessionStore } from '../../lib/session-store';
import { usePaymentsStore } from '../payments/store';
import { AccountMenu } from './account-menu';
import { useShellStore } from './shell-store';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const STORY = {
  story: {
    content: {
      _uid: 'root',
      component: 'sidebar_my_account',
      blocks: [
        {
          _uid: 'b1',
          component: 'info_block',
          title: 'Keep your account safe',
          text: 'Never share your **PIN**.',
          link: { cached_url: 'my-account/change-password' },
          link_label: 'Change PIN now',
        },
      ],
    },
  },
};

function profile(email: string | null) {
  return {
    fullName: 'Demo User',
    email,
    phones: [{ mobile: '+254700000001', isPrimary: true }],
    primaryMobile: '+254700000001',
  };
}

function answerWith(email: string | null) {
  return vi.fn(async (url: RequestInfo | URL) => {
    const path = String(url);
    if (path.includes('/spaces/me')) return json({ space: { version: 1 } });
    if (path.includes('/cdn/stories/')) return json(STORY);
    if (path.includes('/customer/profile')) return json(profile(email));
    return new Response(null, { status: 503 });
  });
}

function Probe() {
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{useLocation().pathname}</output>
      <a href="/casino" onClick={(e) => (e.preventDefault(), navigate('/casino'))}>
        elsewhere
      </a>
    </>
  );
}

function renderMenu() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useShellStore.setState({ accountMenuOpen: true });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/sports']}>
        <button type="button">opener</button>
        {useShellStore.getState().accountMenuOpen && <AccountMenu />}
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetContentVersion();
  useSessionStore.setState({ isAuthenticated: true, token: 't', extId: 'e' });
  usePaymentsStore.setState({
    modal: null,
    balances: { cash: 5000, bonus: 20, freeBet: 100, reserved: 5, total: 5120 },
  });
});
afterEach(() => {
  document.querySelector('meta[name="dau-site"]')?.remove();
  useSessionStore.setState({ isAuthenticated: false });
});

describe('account menu', () => {
  it('shows the balances, the links, the content blocks and the email box for a user without email', async () => {
    vi.stubGlobal('fetch', answerWith(null));
    renderMenu();
    const dialog = screen.getByRole('dialog', { name: 'My Account' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getByText('KSh 5,120.00')).toBeTruthy();
    const value = (label: string) => dialog.querySelector(`[data-balance="${label}"]`)?.textContent;
    expect([value('Cash'), value('Free bet'), value('Bonus'), value('Reserved')]).toEqual([
      'KSh 5,000.00',
      'KSh 100.00',
      'KSh 20.00',
      'KSh 5.00',
    ]);
    const links = screen.getByRole('navigation', { name: 'Account' });
    const hrefs = [...links.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/my-bets/bet-history-v2',
      '/payments/transactions',
      '/my-account/profile',
      '/my-account/change-password',
    ]);
    expect(await screen.findByRole('heading', { name: 'Keep your account safe' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change PIN now' }).getAttribute('href')).toBe(
      '/my-account/change-password',
    );
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('hides the email box when the user has an email', async () => {
    const fetchMock = answerWith('demo@example.com');
    vi.stubGlobal('fetch', fetchMock);
    renderMenu();
    await screen.findByRole('heading', { name: 'Keep your account safe' });
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/customer/profile'))).toBe(
        true,
      ),
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('links My Bets to casino history on site 4, in Swahili', () => {
    vi.stubGlobal('fetch', answerWith('x@example.com'));
    const meta = document.createElement('meta');
    meta.name = 'dau-site';
    meta.content = '4';
    document.head.append(meta);
    renderMenu();
    expect(screen.getByRole('dialog', { name: 'Akaunti Yangu' })).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'Akaunti' });
    expect(links.querySelector('a')?.getAttribute('href')).toBe('/my-bets/casino-history');
  });

  it('Deposit closes the menu and opens the deposit modal; Escape and a route change close it', () => {
    vi.stubGlobal('fetch', answerWith('x@example.com'));
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(useShellStore.getState().accountMenuOpen).toBe(false);
    expect(usePaymentsStore.getState().modal).toBe('deposit');

    useShellStore.setState({ accountMenuOpen: true });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useShellStore.getState().accountMenuOpen).toBe(false);

    useShellStore.setState({ accountMenuOpen: true });
    fireEvent.click(screen.getByRole('link', { name: 'elsewhere' }));
    expect(screen.getByTestId('location').textContent).toBe('/casino');
    expect(useShellStore.getState().accountMenuOpen).toBe(false);
  });
});
