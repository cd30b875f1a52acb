import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CriticalNoticePush } from '@dau/contracts/sports/critical-notice';
import { setRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { CriticalNotices } from './critical-notices';

/** A socket that records what is emitted and lets the test push server events. */
function fakeSocket() {
  const handlers = new Map<string, ((...args: unknown[]) => void)[]>();
  const emitted: unknown[][] = [];
  const socket = {
    connected: true,
    on: (event: string, h: (...args: unknown[]) => void) => {
      handlers.set(event, [...(handlers.get(event) ?? []), h]);
      return socket;
    },
    emit: (...args: unknown[]) => {
      emitted.push(args);
      return socket;
    },
    connect: () => socket,
    disconnect: () => socket,
  };
  const push = (event: string, ...args: unknown[]) =>
    act(() => {
      for (const h of handlers.get(event) ?? []) h(...args);
    });
  return { socket: socket as unknown as SocketLike, emitted, push };
}

const notice = (over: Partial<CriticalNoticePush> = {}): CriticalNoticePush => ({
  id: 1,
  siteId: 2,
  kind: 'maintenance',
  message: 'Back at 02:00 EAT.',
  active: true,
  raisedAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

afterEach(() => {
  setRealtimeSocket(null);
  sessionStorage.clear();
  document.cookie = 'locale=; max-age=0; path=/';
  document.head.innerHTML = '';
});

describe('critical notices', () => {
  it("registers the site, shows the site's notices, drops withdrawn ones", () => {
    const fake = fakeSocket();
    setRealtimeSocket(fake.socket);
    render(<CriticalNotices siteId={2} />);
    expect(fake.emitted).toEqual([['RegisterSiteId', 2]]);
    fake.push('Critical', notice());
    fake.push('Critical', notice({ id: 2, siteId: 3, message: 'other site' }));
    expect(screen.getByRole('alert').firstChild?.textContent).toBe(
      'Maintenance: some services may be unavailable. Back at 02:00 EAT.',
    );
    fake.push('Critical', notice({ active: false }));
    expect(screen.queryByRole('alert')).toBeNull();
    // A reconnect registers the site again (rooms do not survive a reconnect).
    fake.push('connect');
    expect(fake.emitted).toHaveLength(2);
  });

  it('is dismissed for the rest of the session, even when sent again', () => {
    const fake = fakeSocket();
    setRealtimeSocket(fake.socket);
    const { unmount } = render(<CriticalNotices siteId={2} />);
    fake.push('Critical', notice({ kind: 'suspension', message: '' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notice' }));
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    render(<CriticalNotices siteId={2} />);
    fake.push('Critical', notice({ kind: 'suspension', message: '' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fake.push('Critical', notice({ id: 5, kind: 'producerDown', message: '' }));
    expect(screen.getByRole('alert').firstChild?.textContent).toBe(
      'Live odds are interrupted: some bets cannot be placed.',
    );
  });

  it('speaks Swahili on a Swahili site', () => {
    const fake = fakeSocket();
    setRealtimeSocket(fake.socket);
    document.head.innerHTML = '<meta name="dau-site" content="4" />';
    document.cookie = 'locale=sw-tz; path=/';
    render(<CriticalNotices siteId={4} />);
    fake.push('Critical', notice({ siteId: 4, kind: 'suspension', message: '' }));
    expect(screen.getByRole('alert').firstChild?.textContent).toBe(
      'Kubeti kumesimamishwa kwa sasa.',
    );
    expect(screen.getByRole('button', { name: 'Funga tangazo' })).toBeTruthy();
  });
});
