import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNotificationStore } from '../../lib/notification-store';
import { realtimeSocket, type SocketLike } from '../../lib/realtime';
import { loyaltyQueryKey } from './api/get-loyalty-progress';

const attached = new WeakSet<SocketLike>();

/**
 * `loyaltyProgress` (after each settlement) replaces the cached progress; `LoyaltyReward` (the
 * weekly free bet) shows a success notice. The socket arrives after first paint, so this waits
 * for it, and each socket gets its handlers once.
 */
export function useLoyaltyPushes(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const attach = (socket: SocketLike) => {
      if (attached.has(socket)) return;
      attached.add(socket);
      socket.on('loyaltyProgress', (progress) => {
        queryClient.setQueryData(loyaltyQueryKey, progress);
      });
      socket.on('LoyaltyReward', (reward) => {
        useNotificationStore
          .getState()
          .notify({ type: 'default', message: reward.message, tone: 'success' });
        void queryClient.invalidateQueries({ queryKey: loyaltyQueryKey });
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
  }, [enabled, queryClient]);
}
