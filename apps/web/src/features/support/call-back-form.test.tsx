import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CallBackForm } from './call-back-form';

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A server that accepts 07xx numbers only, as the real one validates Kenyan mobiles. */
const requests: { url: string; body: unknown }[] = [];
function fakeServer() {
  requests.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (!url.includes('GenerateSupportCallBackRequest')) return answer(202, { accepted: true });
      const body = JSON.parse(String(init?.body)) as { phoneNumber: string };
      requests.push({ url, body });
      if (/^\+2547\d{8}$/.test(body.phoneNumber.replace(/\s/g, ''))) {
        return answer(200, {
          hasErrors: false,
          requestId: 1,
          datasource_entries: [{ dimension_value: 'Thank you! An agent will call you shortly.' }],
        });
      }
      return answer(400, {
        hasErrors: true,
        datasource_entries: [
          {
            error_triggered: true,
            value: 'INVALID_PHONE_NUMBER',
            dimension_value: 'Please enter a valid Kenya mobile number, for example 0712 345 678.',
          },
        ],
      });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call-back form', () => {
  it('starts with +254, shows the server message for an invalid number, then succeeds', async () => {
    fakeServer();
    render(<CallBackForm />);
    const input = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect(input.value).toBe('+254');

    fireEvent.change(input, { target: { value: '+254 12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call me back' }));
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Please enter a valid Kenya mobile number, for example 0712 345 678.',
    );
    expect(requests[0]?.body).toEqual({ countryCode: 'KE', siteId: 2, phoneNumber: '+254 12' });

    fireEvent.change(input, { target: { value: '+254712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call me back' }));
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toContain(
      'An agent will call you',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+254');
  });

  it('resets the success view by itself after its time (5 minutes by default)', async () => {
    fakeServer();
    render(<CallBackForm successViewMs={300} />);
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '+254722000111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Call me back' }));
    await screen.findByRole('status', {}, { timeout: 5000 });
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 5000 });
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+254');
  });
});
