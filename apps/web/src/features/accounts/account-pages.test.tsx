import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../lib/cookies';
import { useSessionStore } from '../../lib/session-store';
import { LoginPage, MyAccountPage, RegisterPage } from './account-pages';

function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{pathname + search + hash}</output>;
}

function renderAt(path: string, element: ReactNode, routePath: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ isAuthenticated: false, token: 'stale', extId: '' });
  history.replaceState(null, '', '/login');
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelector('meta[name="dau-site"]')?.remove();
});

function fillLogin(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Phone number or username'), {
    target: { value: username },
  });
  fireEvent.change(screen.getByLabelText('Password or PIN'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'LOG IN' }));
}

describe('login page', () => {
  it('signs in, keeps the token, sets the returning-user cookie and goes to redirectUrl', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        hasErrors: false,
        isUnderRegistration: false,
        registrationStep: 0,
        isVerified: true,
        providerUserID: 'ext-1',
        datasource_entries: [],
        tokenString: 'tok-1',
      }),
    );
    renderAt('/login?redirectUrl=/my-bets/bet-history-v2', <LoginPage />, '/login');
    fillLogin(' 0712345678 ', 'Nairobi#2026');
    await waitFor(() => expect(location()).toBe('/my-bets/bet-history-v2'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/core/login3');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      UnspecifiedUsername: '0712345678',
      UserPassword: 'Nairobi#2026',
    });
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok-1', isAuthenticated: true });
    expect(readCookie('returning_user')).toBe('1');
  });

  it('shows the server message on wrong credentials and stays', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(401, {
        hasErrors: true,
        datasource_entries: [
          {
            error_triggered: true,
            value: 'INVALID_CREDENTIALS',
            dimension_value: 'The phone number, username or password is not correct.',
          },
        ],
      }),
    );
    renderAt('/login', <LoginPage />, '/login');
    fillLogin('0712345678', 'wrong');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The phone number, username or password is not correct.',
    );
    expect(location()).toBe('/login');
    // Submitting cleared the stored token.
    expect(useSessionStore.getState().token).toBe('');
  });

  it('sends an account under registration to the verification step with its sid', async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        hasErrors: true,
        isUnderRegistration: true,
        registrationStep: 1,
        isVerified: false,
        providerUserID: 'ext-2',
        sid: 'sid-abc',
        mobile: '+254712345678',
        datasource_entries: [
          { error_triggered: true, value: 'UNDER_REGISTRATION', dimension_value: 'Not complete.' },
        ],
      }),
    );
    renderAt('/login', <LoginPage />, '/login');
    fillLogin('0712345678', 'Nairobi#2026');
    await waitFor(() =>
      expect(location()).toBe('/register/verify?mobile=%2B254712345678&sid=sid-abc'),
    );
    expect(readCookie('registration_tmp')).toBe('sid-abc');
  });
});

describe('registration details on site 4', () => {
  it('fills the date of birth from a valid ID and blocks submit while the ID is wrong', async () => {
    const meta = document.createElement('meta');
    meta.name = 'dau-site';
    // Site 4 speaks Swahili by default; these checks read the English words.
    document.cookie = 'locale=en-tz; path=/';
    meta.content = '4';
    document.head.append(meta);
    renderAt('/register?sid=sid-4#3', <RegisterPage />, '/register');
    const id = screen.getByLabelText('ID number');
    const dob = screen.getByLabelText('Date of birth') as HTMLInputElement;
    const finish = screen.getByRole('button', { name: 'FINISH' }) as HTMLButtonElement;
    fireEvent.change(id, { target: { value: '1995-04-12' } });
    expect(screen.getByText('Invalid format. Please use YYYYMMDD-12345-12345-12')).toBeTruthy();
    expect(finish.disabled).toBe(true);
    fireEvent.change(id, { target: { value: '19950412-12345-12345-12' } });
    expect(dob.value).toBe('1995-04-12');
    expect(dob.readOnly).toBe(true);
    expect(finish.disabled).toBe(false);
  });
});

describe('compliance section', () => {
  it('is read-only once the user is compliant', async () => {
    const meta = document.createElement('meta');
    meta.name = 'dau-site';
    // Site 4 speaks Swahili by default; these checks read the English words.
    document.cookie = 'locale=en-tz; path=/';
    meta.content = '4';
    document.head.append(meta);
    useSessionStore.setState({ isAuthenticated: true, token: 't', extId: 'e' });
    fetchMock.mockResolvedValue(
      answer(200, {
        hasErrors: false,
        userName: null,
        firstName: 'Neema',
        lastName: 'Mushi',
        fullName: 'Neema Mushi',
        birthDate: '1995-04-12',
        gender: null,
        idNumber: '19950412-12345-12345-12',
        incomeSourceId: null,
        isPoliticallyExposed: null,
        isCompliant: true,
        isVerified: true,
        primaryMobile: '+255654321987',
        phones: [{ mobile: '+255654321987', isPrimary: true }],
        email: null,
        complianceFields: {},
      }),
    );
    renderAt('/my-account/profile', <MyAccountPage />, '/my-account/profile');
    expect(await screen.findByText('Fully Compliant')).toBeTruthy();
    expect((screen.getByLabelText('First name') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'SAVE' })).toBeNull();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/core/customer/profile/4/tz/');
  });
});

describe('compliance section in Swahili', () => {
  it('labels every field in Swahili on site 4', async () => {
    const meta = document.createElement('meta');
    meta.name = 'dau-site';
    document.cookie = 'locale=sw-tz; path=/';
    meta.content = '4';
    document.head.append(meta);
    useSessionStore.setState({ isAuthenticated: true, token: 't', extId: 'e' });
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('income')
        ? answer(200, { fetchedObjects: [] })
        : answer(200, {
            hasErrors: false,
            userName: null,
            firstName: null,
            lastName: null,
            fullName: null,
            birthDate: null,
            gender: null,
            idNumber: null,
            incomeSourceId: null,
            isPoliticallyExposed: null,
            isCompliant: false,
            isVerified: false,
            primaryMobile: '+255654321987',
            phones: [{ mobile: '+255654321987', isPrimary: true }],
            email: null,
            complianceFields: {},
          }),
    );
    renderAt('/my-account/profile', <MyAccountPage />, '/my-account/profile');
    expect(await screen.findByText('Taarifa Hazijakamilika')).toBeTruthy();
    for (const label of ['Jina la kwanza', 'Jina la mwisho', 'Namba ya kitambulisho (NIDA)']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    for (const english of ['First name', 'Last name', 'ID number', 'Gender', 'Male', 'Yes']) {
      expect(document.body.textContent).not.toContain(english);
    }
    document.cookie = 'locale=en-tz; path=/';
  });
});
