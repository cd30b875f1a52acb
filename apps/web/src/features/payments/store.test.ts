import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePaymentsStore } from './store';

afterEach(() => {
  vi.useRealTimers();
  usePaymentsStore.setState({ notices: [] });
});

describe('payment notices', () => {
  it("replace a payment's in-progress notice with its failure instead of stacking", () => {
    vi.useFakeTimers();
    const { notify } = usePaymentsStore.getState();
    notify('success', 'Your deposit DP123 is in progress.', 30_000, 'DP123');
    notify('info', 'Another notice', 60_000);
    notify('danger', 'You cancelled the payment.', 10_000, 'DP123');
    expect(usePaymentsStore.getState().notices.map((n) => [n.tone, n.text])).toEqual([
      ['danger', 'You cancelled the payment.'],
      ['info', 'Another notice'],
    ]);
    // The failure keeps its own time; the replaced notice's timer removes nothing else.
    vi.advanceTimersByTime(10_000);
    expect(usePaymentsStore.getState().notices.map((n) => n.text)).toEqual(['Another notice']);
    // Notices without a payment stack as before.
    notify('info', 'Third', 60_000);
    expect(usePaymentsStore.getState().notices).toHaveLength(2);
  });
});
