import { CLIENT_ID } from '@dau/domain/sites';
import { currentSite } from '../../../lib/site';

/**
 * The fields the deposit and withdrawal calls share (doc 1 §7): the phone, the amount and the
 * site's identity. Each call adds its own `TimeStamp` (the spec gives them different forms).
 */
export function paymentBody(input: { phone: string; amount: string; provider?: string | null }) {
  const site = currentSite();
  return {
    PhoneNumber: input.phone,
    ClientId: CLIENT_ID,
    SiteId: site.siteId,
    CountryCode: site.countryCode,
    LanguageCode: site.defaultLanguage,
    Amount: input.amount,
    CurrencyCode: site.currencyCode,
    MerchantReference: `web-${Date.now()}`,
    ExternalTransactionId: '',
    // The user's pick where a number may have moved network; else the server reads the prefix.
    ...(input.provider ? { PaymentProvider: input.provider } : {}),
  };
}
