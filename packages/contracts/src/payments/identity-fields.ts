import { z } from 'zod';

const idLike = z.union([z.string().max(100), z.number()]).nullish();

/**
 * Identity fields the spec's client sends with every payment call (doc 1 §3). The server
 * ignores them for authorisation (the session names the user; BBAPIKey is not a secret a
 * browser can keep) but accepts them so the client's requests validate.
 */
export const paymentIdentityFields = {
  BBAPIKey: z.string().max(500).nullish(),
  ClientId: idLike,
  SiteId: idLike,
  CountryCode: z.string().max(10).nullish(),
  LanguageCode: z.string().max(10).nullish(),
  CurrencyCode: z.string().max(10).nullish(),
  UserId: idLike,
  UserName: z.string().max(200).nullish(),
  MerchantReference: z.string().max(100).nullish(),
  ExternalTransactionId: z.string().max(100).nullish(),
};

/**
 * The mobile-money provider the user picked (`mpesa`, `mtn-momo`, `airtel-money`,
 * `vodacom-mpesa`; `@dau/domain/mobile-money`). Omitted: the provider of the phone's network
 * prefix. Honoured only where the number could be on either (ADR 130); otherwise a 400.
 */
export const paymentProviderField = {
  PaymentProvider: z.string().max(40).nullish(),
};
