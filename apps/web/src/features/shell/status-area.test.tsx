import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAvailabilityStore } from '../../lib/availability-store';
import { pageToastSlot } from '../../lib/toast-slot';
import { useNotificationStore } from '../../lib/notification-store';
import { NotificationArea, ProducerBanners } from './status-area';

afterEach(() => {
  vi.useRealTimers();
  useAvailabilityStore.setState({ liveBettingAvailable: true, preMatchBettingAvailable: true });
  useNotificationStore.setState({ items: [] });
});

describe('status area', () => {
  it('shows the producer-down banners from the availability flags', () => {
    render(<ProducerBanners />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => useAvailabilityStore.getState().setAvailability({ liveBettingAvailable: false }));
    expect(screen.getByRole('status').textContent).toBe('Live betting is temporarily disabled');
    act(() => useAvailabilityStore.getState().setAvailability({ preMatchBettingAvailable: false }));
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(
      'Pre match betting is temporarily disabled',
    );
  });

  it('expires notifications after their type’s time', () => {
    vi.useFakeTimers();
    render(
      <>
        <div ref={pageToastSlot} />
        <NotificationArea />
      </>,
    );
    act(() => {
      useNotificationStore.getState().notify({ type: 'withdrawal', message: 'Sent' });
      useNotificationStore.getState().notify({ type: 'deposit', message: 'Received' });
    });
    expect(screen.getAllByRole('status')).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual(['Received×']);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
