import type { LoyaltyProgressResponse } from '@dau/contracts/loyalty/loyalty-progress';
import { create } from 'zustand';

/**
 * The loyalty progress for the header. A small store rather than TanStack Query: the header is
 * in the entry chunk, and Query is kept out of it (lib/query-provider.tsx). Loading it and its
 * pushes live in `loyalty-sync.ts`, loaded for signed-in users only (ADR 182).
 */
interface LoyaltyState {
  progress: LoyaltyProgressResponse | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

export const useLoyaltyStore = create<LoyaltyState>()(() => ({ progress: null, status: 'idle' }));

export function setLoyaltyProgress(progress: LoyaltyProgressResponse): void {
  useLoyaltyStore.setState({ progress, status: 'ready' });
}

export function clearLoyalty(): void {
  useLoyaltyStore.setState({ progress: null, status: 'idle' });
}
