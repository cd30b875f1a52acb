import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositRequest, DepositResponse } from '@dau/contracts/payments/deposit';
import { CLIENT_ID } from '@dau/domain/sites';
import { apiFetch } from '../../../lib/api-client';
import { currentSite } from '../../../lib/site';
import { balanceQueryKey } from './get-balance';
import { transactionsQueryKey } from './transactions';

/** `POST {payments}/deposit/`: starts the M-Pesa prompt on the phone. */
export function postDeposit(input: { phone: string; amount: string }): Promise<DepositResponse> {
  const site = currentSite();
  const body: DepositRequest = {
    PhoneNumber: input.phone,
    ClientId: CLIENT_ID,
    SiteId: site.siteId,
    CountryCode: site.countryCode,
    LanguageCode: site.defaultLanguage,
    Amount: input.amount,
    CurrencyCode: site.currencyCode,
    MerchantReference: `web-${Date.now()}`,
    TimeStamp: Date.now(),
    ExternalTransactionId: '',
  };
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
