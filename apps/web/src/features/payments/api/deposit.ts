import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositRequest, DepositResponse } from '@dau/contracts/payments/deposit';
import { paymentBody } from './payment-body';
import { apiFetch } from '../../../lib/api-client';
import { balanceQueryKey } from './get-balance';
import { transactionsQueryKey } from './transactions';

/** `POST {payments}/deposit/`: starts the M-Pesa prompt on the phone. */
export function postDeposit(input: {
  phone: string;
  amount: string;
  provider?: string | null;
}): Promise<DepositResponse> {
  const body: DepositRequest = { ...paymentBody(input), TimeStamp: Date.now() };
  return apiFetch<DepositResponse>({ base: 'payments', path: '/deposit/', body });
}

export function useDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDeposit,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
    },
  });
}
