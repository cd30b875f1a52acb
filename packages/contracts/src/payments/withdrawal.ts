import { z } from 'zod';
import { paymentIdentityFields, paymentProviderField } from './identity-fields';

/**
 * `POST {payments}/withdrawal/` (doc 1 §3): the same identity fields as a deposit, TimeStamp
 * an ISO string. An accepted request answers 204 with no body ("processing"); the outcome
 * comes as the `LeakyBucket` push.
 */
export const withdrawalRequestSchema = z.object({
  ...paymentIdentityFields,
  ...paymentProviderField,
  PhoneNumber: z.string().max(30).nullish(),
  Amount: z.union([z.number(), z.string().max(30)]).nullish(),
  TimeStamp: z.union([z.number(), z.string().max(40)]).nullish(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** `POST {payments}/validation/get-withdrawal-number-data-for-user-for-period`. */
export const withdrawalNumberRequestSchema = z
  .object({
    BBSiteId: z.union([z.number(), z.string().max(10)]).nullish(),
    PhoneNumber: z.string().max(30).nullish(),
  })
  .nullish();

export const withdrawalNumberResponseSchema = z.object({
  isDisableWithdrawButton: z.boolean(),
  withdrawalsInPeriod: z.number().int(),
  maxWithdrawalsInPeriod: z.number().int(),
});
export type WithdrawalNumberResponse = z.infer<typeof withdrawalNumberResponseSchema>;

/** `POST {payments}/validateamount/`: either amount may be sent. */
export const validateAmountRequestSchema = z.object({
  SiteId: z.union([z.number(), z.string().max(10)]).nullish(),
  CountryCode: z.string().max(10).nullish(),
  LanguageCode: z.string().max(10).nullish(),
  DepositAmount: z.union([z.number(), z.string().max(30)]).nullish(),
  WithdrawalAmount: z.union([z.number(), z.string().max(30)]).nullish(),
});

/** `{core}/BetSlip/CheckIfUserCanWithdrawBalanceUsingSportsbook` and the games-core twin. */
export const withdrawEligibilityRequestSchema = z
  .object({
    siteId: z.union([z.number(), z.string().max(10)]).nullish(),
    minBetsCount: z.coerce.number().int().min(0).max(1000).nullish(),
  })
  .nullish();

export const withdrawEligibilityResponseSchema = z.object({
  fetchedObject: z.boolean(),
  spResponse: z.string(),
});
export type WithdrawEligibilityResponse = z.infer<typeof withdrawEligibilityResponseSchema>;
