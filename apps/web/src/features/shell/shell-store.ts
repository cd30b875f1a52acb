import { create } from 'zustand';
import { useSessionStore } from '../../lib/session-store';

/**
 * Header state shared by the header and the app's overlays: whether the account menu is open
 * (it closes itself on a route change), and the bet card's open-bets count and notify flag
 * (doc 1 §4: set on bet placed, status change or a won settlement; cleared when the bet card
 * is dropped open).
 */
interface ShellState {
  accountMenuOpen: boolean;
  openBets: number | null;
  betsNotify: boolean;
  openAccountMenu: () => void;
  closeAccountMenu: () => void;
}

export const useShellStore = create<ShellState>()((set) => ({
  accountMenuOpen: false,
  openBets: null,
  betsNotify: false,
  openAccountMenu: () => set({ accountMenuOpen: true }),
  closeAccountMenu: () => set({ accountMenuOpen: false }),
}));

useSessionStore.subscribe((state, previous) => {
  if (previous.isAuthenticated && !state.isAuthenticated) {
    useShellStore.setState({ accountMenuOpen: false, openBets: null, betsNotify: false });
  }
});
