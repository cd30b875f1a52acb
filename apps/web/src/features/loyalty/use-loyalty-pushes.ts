import { useEffect } from 'react';
import { useNotificationStore } from '../../lib/notification-store';
import { whenRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { refreshLoyalty, setLoyaltyProgress } from './store';

const attached = new WeakSet<SocketLike>();

/**
 * `loyaltyProgress` (after each settlement) replaces the progress; `LoyaltyReward` (the weekly
 * free bet) shows a success notice. Each socket gets its handlers once.
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
    return whenRealtimeSocket(attach);
  }, [enabled]);
}
