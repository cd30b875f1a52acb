import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../lib/session-store';
import { ForgottenPasswordPage, LoginPage, MyAccountPage, RegisterPage } from './account-pages';

/** Issue #23: the rough edges of the account pages, items 3–7 and 9. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function renderAt(entry: string | { pathname: string; state: unknown }, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/register/*" element={<RegisterPage />} />
          <Route path="*" element={element} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function failure(status: number, value: string, message: string, name?: string) {
  return answer(status, {
    hasErrors: true,
    datasource_entries: [{ error_triggered: true, value, dimension_value: message, name }],
  });
}

function setSite(siteId: number) {
  const meta = document.createElement('meta');
  meta.name = 'dau-site';
  meta.content = String(siteId);
  document.head.append(meta);
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  useSessionStore.setState({ isAuthenticated: false, token: '', extId: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.querySelector('meta[name="dau-site"]')?.remove();
});

/** Every field has a visible label naming it, and its hint or error is tied to it. */
function expectLabelledFields(container: HTMLElement) {
  for (const field of container.querySelectorAll('input, select, textarea')) {
    const id = field.getAttribute('id');
    expect(id, field.outerHTML).toBeTruthy();
    const label = container.querySelector(`label[for="${id}"]`);
    expect(label?.textContent?.trim(), field.outerHTML).toBeTruthy();
    for (const described of (field.getAttribute('aria-describedby') ?? '').split(' ')) {
      if (described) expect(document.getElementById(described), described).toBeTruthy();
    }
  }
}

describe('registration with an expired or bogus sid (item 3)', () => {
  it('offers a fresh start that keeps the phone, instead of VERIFY', async () => {
    fetchMock.mockResolvedValue(
      failure(404, 'REGISTRATION_NOT_FOUND', 'This registration has expired. Please start again.'),
    );
    renderAt('/register/verify?mobile=%2B254712345678&sid=bogus', null);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This registration has expired. Please start again.',
    );
    expect(screen.queryByRole('button', { name: 'VERIFY' })).toBeNull();
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Start again with +254712345678' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/register?mobile=%2B254712345678'),
    );
    expect((screen.getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('0712345678');
  });

  it('says the SMS may say the number already has an account (no enumeration)', async () => {
    fetchMock.mockResolvedValue(
      answer(200, {
        hasErrors: false,
        sid: 'sid-1',
        mobile: '+254712345678',
        registrationStep: 2,
        isVerified: false,
        codeExpiresInSeconds: 600,
        resendAvailableInSeconds: 60,
        detailsFields: {},
        datasource_entries: [],
      }),
    );
    renderAt('/register/verify?mobile=%2B254712345678&sid=sid-1', null);
    expect(await screen.findByText(/already has a Dau account/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'VERIFY' })).toBeTruthy();
  });
});

describe('registration form fields (item 9)', () => {
  it('links the terms from the terms checkbox, and labels every field', () => {
    const { container } = renderAt('/register', null);
    const terms = screen.getByRole('link', { name: /terms and conditions/ });
    expect(terms.getAttribute('href')).toBe('/company/terms-and-conditions');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(
      screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }),
    ).toBeTruthy();
    expectLabelledFields(container);
  });

  it("shows the server's field errors under their fields, tied to them", async () => {
    fetchMock.mockResolvedValue(
      failure(400, 'VALIDATION_FAILED', 'Please enter a valid mobile number.', 'phone'),
    );
    const { container } = renderAt('/register', null);
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Choose a PIN or password'), {
      target: { value: 'Safari#2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'JOIN' }));
    await screen.findByText('Please enter a valid mobile number.');
    const phone = screen.getByLabelText(/^Phone number/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid mobile number.',
    );
    expectLabelledFields(container);
  });
});

describe('forgotten password (item 4)', () => {
  it('opens the text keyboard, since a username is accepted too', () => {
    const { container } = renderAt('/forgotten-password', <ForgottenPasswordPage />);
    const field = screen.getByLabelText('Phone number or username');
    expect(field.getAttribute('inputmode')).toBe('text');
    expect(field.getAttribute('type')).toBe('text');
    expectLabelledFields(container);
  });
});

describe('change PIN (item 5)', () => {
  it('clears the previous server error when the form is submitted again', async () => {
    useSessionStore.setState({ isAuthenticated: true });
    fetchMock.mockResolvedValueOnce(
      failure(
        400,
        'WRONG_CURRENT_PASSWORD',
        'Your current PIN or password is not correct.',
        'currentPassword',
      ),
    );
    const { container } = renderAt('/my-account/change-password', <MyAccountPage />);
    const fill = (current: string, next: string, again: string) => {
      fireEvent.change(screen.getByLabelText('Current PIN or password'), {
        target: { value: current },
      });
      fireEvent.change(screen.getByLabelText('New PIN or password'), { target: { value: next } });
      fireEvent.change(screen.getByLabelText('Repeat the new one'), { target: { value: again } });
      fireEvent.click(screen.getByRole('button', { name: 'CHANGE PIN' }));
    };
    fill('wrong', 'Safari#2027', 'Safari#2027');
    await screen.findByText('Your current PIN or password is not correct.');
    fill('Safari#2026', 'Safari#2027', 'Safari#2028');
    expect(await screen.findByText('The two entries differ.')).toBeTruthy();
    expect(screen.queryByText('Your current PIN or password is not correct.')).toBeNull();
    // The mismatch is tied to the repeat field.
    const repeat = screen.getByLabelText('Repeat the new one');
    expect(document.getElementById(repeat.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The two entries differ.',
    );
    expectLabelledFields(container);
  });
});

describe('starting a break (item 6)', () => {
  it('signs out onto the login page that says what happened, until when, at the top', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderAt(
      {
        pathname: '/login',
        state: {
          limitStarted: {
            kind: 'break',
            period: '7d',
            startsAt: '2026-11-24T08:00:00.000Z',
            endsAt: '2026-12-01T08:00:00.000Z',
          },
        },
      },
      <LoginPage />,
    );
    const notice = screen.getByRole('status', { name: 'You have been signed out' });
    expect(notice.textContent).toContain('You have been signed out');
    expect(notice.textContent).toContain('1 Dec 2026, 11:00 (UTC+3)');
    expect(notice.textContent).toContain('withdraw your balance');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.activeElement).toBe(notice);
    // It sits above the login form.
    const form = screen.getByRole('button', { name: 'LOG IN' }).closest('form')!;
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('the settings page hands the limit to the login page', async () => {
    useSessionStore.setState({ isAuthenticated: true });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/responsible-gambling')) {
        return answer(200, {
          hasErrors: false,
          active: {
            kind: 'self_exclusion',
            period: '6m',
            startsAt: '2026-11-24T08:00:00.000Z',
            endsAt: '2027-05-24T08:00:00.000Z',
          },
          message: 'x',
        });
      }
      return answer(200, { hasErrors: false, settings: {} });
    });
    renderAt('/my-account/settings', <MyAccountPage />);
    fireEvent.click(screen.getByLabelText('I understand that this cannot be undone early'));
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/login'));
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });
});

describe('Uganda profile (item 7)', () => {
  it('names the saved income source and shows the badge in words', async () => {
    setSite(1);
    useSessionStore.setState({ isAuthenticated: true });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('IncomeSource')) {
        return answer(200, {
          isSuccess: true,
          fetchedObjects: [
            { incomeSourceId: 1, incomeSource: 'Employment' },
            { incomeSourceId: 3, incomeSource: 'Farming' },
          ],
        });
      }
      return answer(200, {
        firstName: 'Okello',
        lastName: 'Moses',
        birthDate: '1990-01-02',
        gender: 1,
        idNumber: null,
        incomeSourceId: 3,
        isPoliticallyExposed: false,
        isCompliant: true,
        primaryMobile: '+256712345678',
        phones: [{ mobile: '+256712345678', isPrimary: true }],
        email: null,
        fullName: 'Okello Moses',
      });
    });
    const { container } = renderAt('/my-account/profile', <MyAccountPage />);
    const income = (await screen.findByLabelText('Income source')) as HTMLSelectElement;
    await waitFor(() => expect(income.selectedOptions[0]?.textContent).toBe('Farming'));
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(screen.queryByText('success')).toBeNull();
    expectLabelledFields(container);
  });
});
