import { createStore } from 'zustand';
import { COOKIES } from '@dau/contracts/http';
import type { LeakyBucketPush } from '@dau/contracts/realtime';
import type { BalanceCookie, GetBalanceResponse } from '@dau/contracts/wallet/get-balance';
import { hasCookie, readCookie } from '../../lib/cookies';
import { withServerSnapshot } from '../../lib/hydration';
import { useSessionStore } from '../../lib/session-store';

export type NoticeTone = 'success' | 'danger' | 'info';

export interface Notice {
  id: number;
  tone: NoticeTone;
  text: string;
  /** The payment it is about: a newer notice of the same payment replaces it. */
  paymentId?: string | undefined;
}

interface PaymentsState {
  modal: 'deposit' | 'withdrawal' | null;
  notices: Notice[];
  /** The coin animation of 'Deposit Success' is playing. */
  coins: boolean;
  /**
   * The one balance state: seeded from the balance cookie, replaced by every getbalance answer
   * and patched by the `wallet` and `userdata` pushes. Null when signed out or not yet known.
   */
  balances: Balances | null;
  /** The latest withdrawal result, for the modal waiting on it. */
  lastWithdrawalResult: LeakyBucketPush | null;
  /** Payments the server reported failed after they started (`TransactionResult`), by id. */
  failedPayments: Record<string, string>;
  setBalances: (patch: Partial<Balances>) => void;
  openModal: (modal: 'deposit' | 'withdrawal') => void;
  closeModal: () => void;
  /**
   * Shows a notice for `ms`. One about a payment (`paymentId`) replaces that payment's earlier
   * notice in place: a failed deposit's reason replaces its "in progress" (issue #16).
   */
  notify: (tone: NoticeTone, text: string, ms: number, paymentId?: string) => void;
  playCoins: (ms: number) => void;
  dismiss: (id: number) => void;
  /**
   * Closes the notice about one payment: a credited deposit's "in progress" (issue #16). When the
   * push beats the deposit call's answer (Vodacom answers after the customer paid) the notice
   * still shows its 15 s, as the spec has it for every accepted deposit.
   */
  dismissPayment: (paymentId: string) => void;
}

/** The signed-in user's balances in currency units, as the wire carries them (5000.5). */
export interface Balances {
  cash: number;
  bonus: number;
  freeBet: number;
  reserved: number;
  total: number;
}

/** What the header shows before any call: the balance cookie getbalance last set. */
export function balancesFromCookie(raw: string | null): Balances | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<BalanceCookie>;
    if (typeof value.balance !== 'number') return null;
    const freeBet = value.freebetbalance ?? 0;
    return {
      cash: value.balance,
      bonus: 0,
      freeBet,
      reserved: 0,
      total: value.totalbalance ?? value.balance + freeBet,
    };
  } catch {
    return null;
  }
}

export function balancesFromAnswer(answer: GetBalanceResponse): Balances {
  const b = answer.cmsStatusMsg;
  return {
    cash: b.balance,
    bonus: b.bonusbalance,
    freeBet: b.freebetbalance,
    reserved: b.bonusreserved,
    total: b.totalbalance,
  };
}

let nextId = 1;

const paymentsStore = createStore<PaymentsState>()((set, get) => ({
  modal: null,
  notices: [],
  coins: false,
  balances: balancesOfRequest(),
  lastWithdrawalResult: null,
  failedPayments: {},
  setBalances: (patch) => {
    const current = get().balances ?? { cash: 0, bonus: 0, freeBet: 0, reserved: 0, total: 0 };
    set({ balances: { ...current, ...patch } });
  },
  openModal: (modal) => set({ modal }),
  closeModal: () => set({ modal: null }),
  notify: (tone, text, ms, paymentId) => {
    const id = nextId++;
    const notice = { id, tone, text, paymentId };
    const notices = get().notices;
    const earlier = paymentId ? notices.findIndex((n) => n.paymentId === paymentId) : -1;
    set({
      notices:
        earlier === -1 ? [...notices, notice] : notices.map((n, i) => (i === earlier ? notice : n)),
    });
    setTimeout(() => get().dismiss(id), ms);
  },
  playCoins: (ms) => {
    set({ coins: true });
    setTimeout(() => set({ coins: false }), ms);
  },
  dismiss: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
  dismissPayment: (paymentId) => {
    set({ notices: get().notices.filter((n) => n.paymentId !== paymentId) });
  },
}));

/** The header's balance from the balance cookie, for a signed-in user (the server reads the request's). */
function balancesOfRequest(): Balances | null {
  return hasCookie(COOKIES.signedIn) ? balancesFromCookie(readCookie(COOKIES.balance)) : null;
}

// The server draws the signed-in header's balance from the request's cookies (ADR 180).
export const usePaymentsStore = withServerSnapshot('payments', paymentsStore, (initial) => ({
  ...initial,
  balances: balancesOfRequest(),
}));

// Signing out forgets the balances and closes the payment modals (they render only signed in).
useSessionStore.subscribe((state, previous) => {
  if (previous.isAuthenticated && !state.isAuthenticated) {
    usePaymentsStore.setState({ balances: null, modal: null });
  }
});
