import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../lib/api-client';
import { fetchLabels, fetchStory, type BlockBase } from '../../../lib/content-client';
import { currentSite } from '../../../lib/site';

const CONTENT_STALE_MS = 5 * 60_000;

/** The labels datasource of the payment pages (doc 1 §7: labels_page_withdrawal). */
export const PAYMENT_LABELS = 'labels_page_withdrawal';

export function usePaymentLabels() {
  return useQuery({
    queryKey: ['content', 'labels', PAYMENT_LABELS, currentLanguage()],
    queryFn: () => fetchLabels(PAYMENT_LABELS),
    staleTime: CONTENT_STALE_MS,
    retry: 1,
  });
}

export interface DepositInstructions extends BlockBase {
  title?: string;
  methods?: {
    _uid: string;
    /** The mobile-money provider these steps are for (`mtn-momo`, `vodacom-mpesa`…). */
    provider?: string;
    title?: string;
    steps?: { _uid: string; text: string }[];
    note?: string;
  }[];
  paybill_number?: string;
  help_text?: string;
}

export interface ComplianceInfo extends BlockBase {
  title?: string;
  intro?: string;
  fields_note?: string;
  body?: string;
  regulator_text?: string;
}

/** A story of the user's country (`ke/deposit-instructions`, `tz/compliance`), in their language. */
export function useCountryStory<C extends BlockBase>(name: string, enabled = true) {
  const slug = `${currentSite().countryCode}/${name}`;
  return useQuery({
    queryKey: ['content', 'story', slug, currentLanguage()],
    queryFn: () => fetchStory<C>(slug),
    staleTime: CONTENT_STALE_MS,
    retry: 1,
    enabled,
  });
}
