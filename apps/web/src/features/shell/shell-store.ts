import { create } from 'zustand';
import { useSessionStore } from '../../lib/session-store';

/**
 * Whether the account menu is open: the header's My Account opens it, the app's overlays render
 * it, and it closes itself on a route change. Signing out closes it.
 */
interface ShellState {
  accountMenuOpen: boolean;
  openAccountMenu: () => void;
  closeAccountMenu: () => void;
}

export const useShellStore = create<ShellState>()((set) => ({
  accountMenuOpen: false,
  openAccountMenu: () => set({ accountMenuOpen: true }),
  closeAccountMenu: () => set({ accountMenuOpen: false }),
}));

useSessionStore.subscribe((state, previous) => {
  if (previous.isAuthenticated && !state.isAuthenticated) {
    useShellStore.setState({ accountMenuOpen: false });
  }
});
