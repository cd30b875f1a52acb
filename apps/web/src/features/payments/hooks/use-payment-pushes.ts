import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { COIN_ANIMATION_MS, NOTIFICATION_TIMEOUT_MS } from '@dau/domain/constants';
import { whenRealtimeSocket, type SocketLike } from '../../../lib/realtime-socket';
import { balanceQueryKey } from '../api/get-balance';
import { transactionsQueryKey } from '../api/transactions';
import { usePaymentsStore } from '../store';

const attached = new WeakSet<SocketLike>();

/**
 * Listens to the payment pushes (doc 1 §3): balances (`wallet` and `userdata` patch the one
 * balance state), 'Deposit Success' (coin animation), TransactionResult (danger notice, 10 s)
 * and LeakyBucket (withdrawal results). The socket is created after first paint, so this waits
 * for it; each socket gets its handlers once.
 */
export function usePaymentPushes(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const attach = (socket: SocketLike) => {
      if (attached.has(socket)) return;
      attached.add(socket);
      const store = usePaymentsStore;
      const refresh = () => {
        void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
        void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
      };
      socket.on('wallet', (wallet) => {
        const { real, bonus, total, reserved } = wallet;
        store.getState().setBalances({ cash: real, bonus, total, reserved });
        refresh();
      });
      socket.on('userdata', (data) => {
        store.getState().setBalances({ cash: data.CashBalance, freeBet: data.FreeBetBalance });
      });
      socket.on('Deposit Success', (payload) => {
        store.getState().playCoins(COIN_ANIMATION_MS);
        // The money is in: that deposit's "in progress" notice has said all it had to say.
        if (payload.bbPaymentTransactionId) {
          store.getState().dismissPayment(payload.bbPaymentTransactionId);
        }
        refresh();
      });
      socket.on('TransactionResult', (result) => {
        store
          .getState()
          .notify(
            'danger',
            result.userMessage,
            NOTIFICATION_TIMEOUT_MS.transactionResult,
            result.bbPaymentTransactionId,
          );
        // An open withdrawal confirmation for this payment turns into its failure (issue #16).
        store.setState((state) => ({
          failedPayments: {
            ...state.failedPayments,
            [result.bbPaymentTransactionId]: result.userMessage,
          },
        }));
        refresh();
      });
      socket.on('LeakyBucket', (result) => store.setState({ lastWithdrawalResult: result }));
    };
    return whenRealtimeSocket(attach);
  }, [enabled, queryClient]);
}
