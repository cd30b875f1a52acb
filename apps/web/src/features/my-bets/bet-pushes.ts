import { ACCOUNT_CORE_PATHS } from '@dau/contracts/accounts/paths';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  BetSettlementPush,
  BetSettlementRollbackPush,
  BetsStatusPush,
} from '@dau/contracts/betting/realtime-payloads';
import { useEffect } from 'react';
import { create } from 'zustand';
import { apiFetch } from '../../lib/api-client';
import { useNotificationStore } from '../../lib/notification-store';
import { queryClient } from '../../lib/query-client';
import { fetchUserSettings, settingsKey, type SettingsAnswer } from '../../lib/user-settings';
import { whenRealtimeSocket, type SocketLike } from '../../lib/realtime-socket';
import { balanceQueryKey } from '../payments/api/get-balance';
import { betsQueryKey } from './api/bet-history';
import { cashoutOfferKey } from './api/cashout';

/**
 * The betting pushes (spec doc 2 §4, §7; doc 1 §4): `BetsStatus_v2` carries the open-bets count
 * and sets the header notify flag; opening the bet-card dropdown (the "bet drop") clears it.
 * Settlement pushes become notifications: status 1 won (success), another non-zero status lost,
 * 0 none; a rolled-back win is a warning, a reopened loss a success.
 */
interface BetPushState {
  /** Open bets as last pushed; null until a push or the count call answers. */
  openBets: number | null;
  /** The header notify flag. */
  notify: boolean;
}

export const useBetPushStore = create<BetPushState>()(() => ({ openBets: null, notify: false }));

/**
 * The bet drop was opened: the user has seen what changed. The flag is kept in the user's
 * settings (the server sets it with each push), so it is cleared there too: a reload or
 * another device then shows no dot either.
 */
export function clearBetNotify(): void {
  const stored = queryClient.getQueryData<SettingsAnswer>(settingsKey)?.settings.betNotify;
  if (!useBetPushStore.getState().notify && !stored) return;
  useBetPushStore.setState({ notify: false });
  queryClient.setQueryData<SettingsAnswer>(settingsKey, (old) =>
    old ? { ...old, settings: { ...old.settings, betNotify: false } } : old,
  );
  void apiFetch({
    base: 'core',
    path: ACCOUNT_CORE_PATHS.updateSettings,
    body: { betNotify: false },
  }).catch(() => undefined);
}

/** Shows the flag the server kept (a bet changed while this page was not open). */
export function useStoredBetNotify(): void {
  // The settings cache entry the settings page and display modes share (lib/user-settings).
  const stored = useQuery({
    queryKey: settingsKey,
    queryFn: fetchUserSettings,
    staleTime: 300_000,
  }).data?.settings.betNotify;
  useEffect(() => {
    if (stored) useBetPushStore.setState({ notify: true });
  }, [stored]);
}

export function applyBetsStatus(push: BetsStatusPush): void {
  useBetPushStore.setState((state) => ({
    openBets: push.openBetsCount,
    notify: state.notify || push.notify,
  }));
}

export function notifySettlement(push: BetSettlementPush): void {
  if (push.status === 0 || !push.message) return;
  useNotificationStore.getState().notify({
    type: 'default',
    message: push.message,
    tone: push.status === 1 ? 'success' : 'info',
  });
}

export function notifyRollback(push: BetSettlementRollbackPush, won: boolean): void {
  useNotificationStore.getState().notify({
    type: 'default',
    message: push.message,
    tone: won ? 'error' : 'success',
  });
}

const attached = new WeakSet<SocketLike>();

/** Asks the bets (lists, offers) and the balance again: after a push or a cash-out. */
export function refreshBetsAndBalance(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: betsQueryKey });
  void client.invalidateQueries({ queryKey: balanceQueryKey });
}

/** Attaches the betting push handlers once per socket while the user is signed in. */
export function useBetPushes(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refresh = () => refreshBetsAndBalance(queryClient);
    const attach = (socket: SocketLike) => {
      if (attached.has(socket)) return;
      attached.add(socket);
      socket.on('BetsStatus_v2', (push) => {
        applyBetsStatus(push);
        refresh();
      });
      socket.on('BetSettlement_v2', (push) => {
        notifySettlement(push);
        refresh();
      });
      socket.on('BetSettlementRollbackWin_v2', (push) => {
        notifyRollback(push, true);
        refresh();
      });
      socket.on('BetSettlementRollbackLoss_v2', (push) => {
        notifyRollback(push, false);
        refresh();
      });
      // The whole stake's offer as prices move: the open bet card shows it without asking.
      socket.on('CashoutOffer', (offer) => {
        queryClient.setQueryData(cashoutOfferKey(offer.betId), offer);
      });
    };
    return whenRealtimeSocket(attach);
  }, [enabled, queryClient]);
}
