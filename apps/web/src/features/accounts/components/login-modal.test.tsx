import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../../lib/cookies';
import { openLoginModal, useSessionStore } from '../../../lib/session-store';
import { LoginModal } from './login-modal';

function Probe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function Host() {
  const modal = useSessionStore((s) => s.loginModal);
  return modal ? <LoginModal redirectUrl={modal.redirectUrl} /> : null;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Host />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SIGNED_IN = {
  hasErrors: false,
  isUnderRegistration: false,
  registrationStep: 0,
  isVerified: true,
  providerUserID: 'ext-7',
  datasource_entries: [],
  tokenString: 'tok-7',
};

function submit(username: string, password: string) {
  const dialog = screen.getByRole('dialog', { name: 'Log in' });
  fireEvent.change(screen.getByLabelText('Phone number or username'), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText('Password or PIN'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'LOG IN' }));
  return dialog;
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.dataLayer = [];
  useSessionStore.setState({ isAuthenticated: false, token: '', extId: '', loginModal: null });
});
afterEach(() => {
  useSessionStore.setState({ isAuthenticated: false, token: '', loginModal: null });
});

describe('login modal', () => {
  it('signs in, fires the login event, sets the returning-user cookie, closes and stays', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, SIGNED_IN));
    renderAt('/sports/football-1');
    openLoginModal();
    await screen.findByRole('dialog', { name: 'Log in' });
    submit('0700000001', 'DemoPass#2026');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/sports/football-1');
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok-7', isAuthenticated: true });
    expect(window.dataLayer).toContainEqual({ event: 'login', user_id: 'ext-7' });
    expect(window.dataLayer).toContainEqual({ event: 'modal_open', modal: 'login' });
    expect(readCookie('returning_user')).toBe('1');
  });

  it('goes to redirectUrl after signing in, and only to a path of this site', async () => {
    fetchMock.mockResolvedValue(answer(200, SIGNED_IN));
    renderAt('/sports');
    openLoginModal('/my-bets/bet-history-v2');
    await screen.findByRole('dialog', { name: 'Log in' });
    submit('0700000001', 'DemoPass#2026');
    await waitFor(() => expect(location()).toBe('/my-bets/bet-history-v2'));
    expect(useSessionStore.getState().loginModal).toBeNull();
  });

  it('shows the error and stays open on a wrong PIN, without asking for a login again', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(401, {
        hasErrors: true,
        datasource_entries: [
          { error_triggered: true, value: 'INVALID', dimension_value: 'Wrong details.' },
        ],
      }),
    );
    renderAt('/sports');
    openLoginModal('/casino');
    await screen.findByRole('dialog', { name: 'Log in' });
    submit('0700000001', 'nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong details.');
    expect(useSessionStore.getState().loginModal).toEqual({ redirectUrl: '/casino' });
    expect(location()).toBe('/sports');
  });

  it('sends an account under registration to its step and closes', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        ...SIGNED_IN,
        hasErrors: true,
        isUnderRegistration: true,
        registrationStep: 1,
        isVerified: true,
        sid: 'sid-9',
        mobile: '+254712000000',
        datasource_entries: [
          { error_triggered: true, value: 'UNDER_REGISTRATION', dimension_value: 'Finish it.' },
        ],
      }),
    );
    renderAt('/');
    openLoginModal();
    await screen.findByRole('dialog', { name: 'Log in' });
    submit('0712000000', 'Nairobi#2026');
    await waitFor(() => expect(location()).toBe('/register?mobile=%2B254712000000&sid=sid-9'));
    await waitFor(() => expect(useSessionStore.getState().loginModal).toBeNull());
    expect(readCookie('registration_tmp')).toBe('sid-9');
  });

  it('closes with Escape and when one of its links is followed', async () => {
    renderAt('/');
    openLoginModal();
    await screen.findByRole('dialog', { name: 'Log in' });
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    openLoginModal();
    fireEvent.click(await screen.findByRole('link', { name: 'Join Dau' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location()).toBe('/register');
  });
});
