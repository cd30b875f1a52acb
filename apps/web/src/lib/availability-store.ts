import { create } from 'zustand';

/**
 * Whether the odds feed's producers are up (spec doc 2 §2). The sports realtime feed (#6)
 * sets these; the shell shows the producer-down banners from them.
 */
export interface AvailabilityState {
  liveBettingAvailable: boolean;
  preMatchBettingAvailable: boolean;
  setAvailability: (
    flags: Partial<Pick<AvailabilityState, 'liveBettingAvailable' | 'preMatchBettingAvailable'>>,
  ) => void;
}

export const useAvailabilityStore = create<AvailabilityState>()((set) => ({
  liveBettingAvailable: true,
  preMatchBettingAvailable: true,
  setAvailability: (flags) => set(flags),
}));
