import { useNotificationStore } from '../../lib/notification-store';
import { whenRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { fetchLoyaltyProgress } from './api/get-loyalty-progress';
import { setLoyaltyProgress, useLoyaltyStore } from './store';

// Signed-in users' loyalty progress: the request and the pushes. A chunk of its own (with the
// API client), so a guest's first load does not carry it (ADR 182).

let inFlight: Promise<void> | null = null;

/** Loads the progress; concurrent calls share one request. */
export function refreshLoyalty(): Promise<void> {
  if (inFlight) return inFlight;
  const { progress } = useLoyaltyStore.getState();
  useLoyaltyStore.setState({ status: progress ? 'ready' : 'loading' });
  inFlight = fetchLoyaltyProgress()
    .then((next) => useLoyaltyStore.setState({ progress: next, status: 'ready' }))
    .catch(() => useLoyaltyStore.setState({ status: 'error' }))
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const attached = new WeakSet<SocketLike>();

/**
 * `loyaltyProgress` (after each settlement) replaces the progress; `LoyaltyReward` (the weekly
 * free bet) shows a success notice. Each socket gets its handlers once. Returns the unsubscribe.
 */
export function watchLoyaltyPushes(): () => void {
  return whenRealtimeSocket((socket: SocketLike) => {
    if (attached.has(socket)) return;
    attached.add(socket);
    socket.on('loyaltyProgress', setLoyaltyProgress);
    socket.on('LoyaltyReward', (reward) => {
      useNotificationStore
        .getState()
        .notify({ type: 'default', message: reward.message, tone: 'success' });
      void refreshLoyalty();
    });
  });
}
