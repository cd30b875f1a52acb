import { create } from 'zustand';
import type { LeakyBucketPush, WalletPush } from '@dau/contracts/realtime';

export type NoticeTone = 'success' | 'danger' | 'info';

export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
}

interface PaymentsState {
  modal: 'deposit' | 'withdrawal' | null;
  notices: Notice[];
  /** The coin animation of 'Deposit Success' is playing. */
  coins: boolean;
  /** The latest pushed balances; the header and page prefer them to the fetched ones. */
  wallet: WalletPush | null;
  /** The latest withdrawal result, for the modal waiting on it. */
  lastWithdrawalResult: LeakyBucketPush | null;
  openModal: (modal: 'deposit' | 'withdrawal') => void;
  closeModal: () => void;
  notify: (tone: NoticeTone, text: string, ms: number) => void;
  playCoins: (ms: number) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const usePaymentsStore = create<PaymentsState>()((set, get) => ({
  modal: null,
  notices: [],
  coins: false,
  wallet: null,
  lastWithdrawalResult: null,
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: null }),
  notify: (tone, text, ms) => {
    const id = nextId++;
    set({ notices: [...get().notices, { id, tone, text }] });
    setTimeout(() => get().dismiss(id), ms);
  },
  playCoins: (ms) => {
    set({ coins: true });
    setTimeout(() => set({ coins: false }), ms);
  },
  dismiss: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
}));
