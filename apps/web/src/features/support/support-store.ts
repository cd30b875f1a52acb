import { create } from 'zustand';

/** Whether the support widget (and the help modal it opens) is open: one state for both. */
export const useSupportStore = create<{ open: boolean; setOpen: (open: boolean) => void }>()(
  (set) => ({ open: false, setOpen: (open) => set({ open }) }),
);
