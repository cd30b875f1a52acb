import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePaymentsStore } from '../store';
import { DepositModal } from './deposit-modal';
import { WithdrawalModal } from './withdrawal-modal';

function renderWithQuery(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const envelope = (message: string) => ({
  hasErrors: true,
  datasource_entries: [{ error_triggered: true, dimension_value: message, value: 'X' }],
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  usePaymentsStore.setState({ notices: [], lastWithdrawalResult: null, modal: null });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('deposit modal', () => {
  it('keeps submit disabled below the minimum and lists the server errors', async () => {
    fetchMock.mockResolvedValue(
      json(400, envelope('M-Pesa accepts whole amounts only. Please enter 10 or 11.')),
    );
    const onClose = vi.fn();
    renderWithQuery(<DepositModal onClose={onClose} />);
    const submit = screen.getByRole('button', { name: 'Deposit' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0712345678' } });
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '1' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '10.5' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(
      await screen.findByText('M-Pesa accepts whole amounts only. Please enter 10 or 11.'),
    ).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toMatch(/^\/api\/payments\/deposit\/\?timeOffset=180$/);
    expect(JSON.parse(String(init.body))).toMatchObject({
      PhoneNumber: '0712345678',
      Amount: '10.5',
    });
  });

  it('asks for the phone number first', async () => {
    renderWithQuery(<DepositModal onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Amount/), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(await screen.findByText('Phone number is required!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('closes with the in-progress notice on success', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        cmsStatusMsg: { hasErrors: false, datasource_entries: [] },
        bbPaymentTransactionId: 'DP123',
      }),
    );
    const onClose = vi.fn();
    renderWithQuery(<DepositModal onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0712345678' } });
    fireEvent.click(screen.getByRole('button', { name: '20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(usePaymentsStore.getState().notices[0]?.text).toBe(
      'Your deposit DP123 is in progress. Your balance will update automatically when finished.',
    );
  });
});

describe('withdrawal modal', () => {
  it('runs the checks in order and moves to step 2 on the pushed result', async () => {
    const answers: Record<string, Response> = {
      'get-withdrawal-number-data-for-user-for-period': json(200, {
        isDisableWithdrawButton: false,
        withdrawalsInPeriod: 0,
        maxWithdrawalsInPeriod: 5,
      }),
      validateamount: json(200, { cmsStatusMsg: { hasErrors: false, datasource_entries: [] } }),
      CheckIfUserCanWithdrawBalanceUsingSportsbook: json(200, {
        fetchedObject: false,
        spResponse: 'no bets',
      }),
      CheckIfUserCanWithdrawBalance: json(200, { fetchedObject: true, spResponse: '' }),
      withdrawal: new Response(null, { status: 204 }),
    };
    const order: string[] = [];
    fetchMock.mockImplementation(async (url: string) => {
      const key = Object.keys(answers)
        .sort((a, b) => b.length - a.length)
        .find((k) => url.includes(`/${k}`));
      order.push(key ?? url);
      if (key === 'withdrawal') {
        setTimeout(
          () =>
            usePaymentsStore.setState({
              lastWithdrawalResult: {
                Type: 'Withdrawal/Withdrawal',
                Value: {
                  CMSStatusMsg: { hasErrors: false, datasource_entries: [] },
                  BBPaymentTransactionId: 'WD9',
                },
              },
            }),
          10,
        );
      }
      return answers[key ?? ''] ?? json(404, envelope('unexpected'));
    });
    renderWithQuery(<WithdrawalModal onClose={() => {}} />);
    expect(screen.getByText('Whole numbers only, no decimals')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0712345678' } });
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText(
        'Your withdrawal WD9 is in progress. The funds should be in your account shortly!',
      ),
    ).toBeTruthy();
    expect(order).toEqual([
      'get-withdrawal-number-data-for-user-for-period',
      'validateamount',
      'CheckIfUserCanWithdrawBalanceUsingSportsbook',
      'CheckIfUserCanWithdrawBalance',
      'withdrawal',
    ]);
  });

  it('refuses decimals before calling the server', () => {
    renderWithQuery(<WithdrawalModal onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '50.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByRole('alert').textContent).toBe('Whole numbers only, no decimals');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
