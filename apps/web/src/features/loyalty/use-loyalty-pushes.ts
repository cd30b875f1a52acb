import { useEffect } from 'react';
import { useNotificationStore } from '../../lib/notification-store';
import { realtimeSocket, type SocketLike } from '../../lib/realtime';
import { refreshLoyalty, setLoyaltyProgress } from './store';

const attached = new WeakSet<SocketLike>();

/**
 * `loyaltyProgress` (after each settlement) replaces the progress; `LoyaltyReward` (the weekly
 * free bet) shows a success notice. The socket arrives after first paint, so this waits for it,
 * and each socket gets its handlers once.
 */
export function useLoyaltyPushes(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const attach = (socket: SocketLike) => {
      if (attached.has(socket)) return;
      attached.add(socket);
      socket.on('loyaltyProgress', setLoyaltyProgress);
      socket.on('LoyaltyReward', (reward) => {
        useNotificationStore
          .getState()
          .notify({ type: 'default', message: reward.message, tone: 'success' });
        void refreshLoyalty();
      });
    };
    const existing = realtimeSocket();
    if (existing) {
      attach(existing);
      return;
    }
    const timer = setInterval(() => {
      const socket = realtimeSocket();
      if (socket) {
        attach(socket);
        clearInterval(timer);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [enabled]);
}
