import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  depositLimitsRequestSchema,
  depositLimitsResponseSchema,
} from '@dau/contracts/payments/deposit-limits';
import { apiFetch } from '../../../lib/api-client';

export type DepositLimits = z.infer<typeof depositLimitsResponseSchema>;
export type DepositLimitsRequest = z.infer<typeof depositLimitsRequestSchema>;

export const depositLimitsKey = ['payments', 'deposit-limits'] as const;

/** `GET {payments}/deposit-limits`: the limits in force and increases waiting 24 hours. */
export function useDepositLimits() {
  return useQuery({
    queryKey: depositLimitsKey,
    queryFn: () => apiFetch<DepositLimits>({ base: 'payments', path: '/deposit-limits' }),
  });
}

/** `POST {payments}/deposit-limits`: a decrease applies at once, an increase after 24 hours. */
export function useSetDepositLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DepositLimitsRequest) =>
      apiFetch<DepositLimits>({ base: 'payments', path: '/deposit-limits', body }),
    onSuccess: (data) => client.setQueryData(depositLimitsKey, data),
  });
}
