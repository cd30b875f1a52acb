import type { LoyaltyProgressResponse } from '@dau/contracts/loyalty/loyalty-progress';
import { create } from 'zustand';
import { fetchLoyaltyProgress } from './api/get-loyalty-progress';

/**
 * The loyalty progress for the header. A small store rather than TanStack Query: the header is
 * in the entry chunk, and Query is kept out of it (lib/query-provider.tsx).
 */
interface LoyaltyState {
  progress: LoyaltyProgressResponse | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const useLoyaltyStore = create<LoyaltyState>()(() => ({ progress: null, status: 'idle' }));

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

export function setLoyaltyProgress(progress: LoyaltyProgressResponse): void {
  useLoyaltyStore.setState({ progress, status: 'ready' });
}

export function clearLoyalty(): void {
  useLoyaltyStore.setState({ progress: null, status: 'idle' });
}
