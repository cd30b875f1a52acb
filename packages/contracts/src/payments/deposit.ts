import { z } from 'zod';
import { cmsStatusOkSchema } from '../wallet/cms-status';
import { paymentIdentityFields, paymentProviderField } from './identity-fields';

/** `POST {payments}/deposit/` (doc 1 §3): starts an M-Pesa STK push to PhoneNumber. */
export const depositRequestSchema = z.object({
  ...paymentIdentityFields,
  ...paymentProviderField,
  /** Checked by the server so the spec's message ('Phone number is required!') comes back. */
  PhoneNumber: z.string().max(30).nullish(),
  /** Currency units; M-Pesa takes whole shillings only. */
  Amount: z.union([z.number(), z.string().max(30)]).nullish(),
  /** Epoch milliseconds. */
  TimeStamp: z.union([z.number(), z.string().max(40)]).nullish(),
});
export type DepositRequest = z.infer<typeof depositRequestSchema>;

export const depositResponseSchema = z.object({
  cmsStatusMsg: cmsStatusOkSchema,
  bbPaymentTransactionId: z.string(),
});
export type DepositResponse = z.infer<typeof depositResponseSchema>;
