import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { usePaymentsStore } from '../payments/store';
import { compactMoney } from './compact-money';
import { Header } from './header';
import { useShellStore } from './shell-store';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function renderHeader(path = '/sports') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
      <LocationProbe />
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const KENYA = { locale: 'en-KE', currencySymbol: 'KSh' };

// The header loads some parts after its first render (language switch, site menu). Loaded here
// first, so no import is still under way when the file's environment is torn down (vitest fails
// the run on such a late import, even with every test passed). The signed-in header starts the
// loyalty feature's sync, which these tests do not look at: it is replaced, so it loads nothing.
vi.mock('../loyalty/loyalty-sync', () => ({
  refreshLoyalty: async () => undefined,
  watchLoyaltyPushes: () => () => undefined,
}));
beforeAll(async () => {
  await Promise.all([import('./language-switch'), import('./site-menu')]);
});

beforeEach(() => {
  useSessionStore.setState({ isAuthenticated: false, token: '', extId: '', loginModal: null });
  usePaymentsStore.setState({ balances: null, modal: null });
  useShellStore.setState({ accountMenuOpen: false });
});
afterEach(() => {
  useSessionStore.setState({ isAuthenticated: false, loginModal: null });
});

describe('header for guests', () => {
  it('LOG IN opens the login modal and stays on the page; the link keeps the page for no-JS', () => {
    renderHeader('/sports?minodd=1');
    const login = screen.getByRole('link', { name: 'LOG IN' });
    expect(login.getAttribute('href')).toBe('/login?redirectUrl=/sports%3Fminodd%3D1');
    fireEvent.click(login);
    expect(useSessionStore.getState().loginModal).toEqual({ redirectUrl: null });
    expect(location()).toBe('/sports?minodd=1');
  });

  it('LOG IN on the login page itself is a plain link', () => {
    renderHeader('/login');
    fireEvent.click(screen.getByRole('link', { name: 'LOG IN' }));
    expect(useSessionStore.getState().loginModal).toBeNull();
  });
});

describe('header for signed-in users', () => {
  beforeEach(() => {
    useSessionStore.setState({ isAuthenticated: true, token: 't', extId: 'e' });
    usePaymentsStore.setState({
      balances: { cash: 5000.5, bonus: 0, freeBet: 100, reserved: 0, total: 5100.5 },
    });
  });

  it('shows the cash balance compactly inside My Account, and follows balance changes', async () => {
    renderHeader();
    const account = await screen.findByRole('button', { name: /^My Account/ });
    expect(account.textContent).toContain('KSh 5,000');
    act(() => usePaymentsStore.getState().setBalances({ cash: 250_000 }));
    expect(screen.getByTestId('header-balance').textContent).toBe('KSh 250K');
  });

  it('Deposit opens the deposit modal without leaving the page', async () => {
    renderHeader();
    const deposit = await screen.findByRole('link', { name: 'Deposit' });
    expect(deposit.getAttribute('href')).toBe('/payments');
    fireEvent.click(deposit);
    expect(usePaymentsStore.getState().modal).toBe('deposit');
    expect(location()).toBe('/sports');
  });

  it('My Account opens the account menu and says so', async () => {
    renderHeader();
    const account = await screen.findByRole('button', { name: /^My Account/ });
    expect(account.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(account);
    expect(useShellStore.getState().accountMenuOpen).toBe(true);
    expect(account.getAttribute('aria-expanded')).toBe('true');
  });

  it('offers MY BETS: the bet drop once its chunk is there', async () => {
    renderHeader();
    expect(await screen.findByRole('button', { name: /^My Bets/ })).toBeTruthy();
  });

  it('signing out forgets the balances and closes the account menu', () => {
    useShellStore.setState({ accountMenuOpen: true });
    useSessionStore.getState().clearSession();
    expect(usePaymentsStore.getState().balances).toBeNull();
    expect(useShellStore.getState().accountMenuOpen).toBe(false);
  });
});

describe('compactMoney', () => {
  it('drops cents below 100,000 and shortens larger amounts, always rounding down', () => {
    expect(compactMoney(0, KENYA)).toBe('KSh 0');
    expect(compactMoney(5000.99, KENYA)).toBe('KSh 5,000');
    expect(compactMoney(99_999.99, KENYA)).toBe('KSh 99,999');
    expect(compactMoney(125_490, KENYA)).toBe('KSh 125.4K');
    expect(compactMoney(1_299_999, KENYA)).toBe('KSh 1.2M');
    expect(compactMoney(-3, KENYA)).toBe('KSh 0');
  });
});
