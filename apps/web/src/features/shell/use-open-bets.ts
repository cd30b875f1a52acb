import { useEffect } from 'react';
import { withRealtimeSocket, type SocketLike } from '../../lib/realtime';
import { fetchOpenBetsCount } from './api/open-bets';
import { useShellStore } from './shell-store';

const attached = new WeakSet<SocketLike>();

/**
 * Keeps the bet card's count and notify flag (doc 1 §4, doc 2 §3 `openbets`): the count is
 * read once on sign-in, then `BetsStatus_v2` pushes carry it with the notify flag, and a won
 * settlement (`BetSettlement_v2` status 1) sets the flag too.
 */
export function useOpenBets(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    fetchOpenBetsCount()
      .then((count) => live && useShellStore.setState({ openBets: count }))
      .catch(() => undefined);
    const stop = withRealtimeSocket((socket) => {
      if (attached.has(socket)) return;
      attached.add(socket);
      socket.on('BetsStatus_v2', (push) =>
        useShellStore.setState((s) => ({
          openBets: push.openBetsCount,
          betsNotify: s.betsNotify || push.notify,
        })),
      );
      socket.on('BetSettlement_v2', (push) => {
        if (push.status === 1) useShellStore.setState({ betsNotify: true });
      });
    });
    return () => {
      live = false;
      stop();
    };
  }, [enabled]);
}
