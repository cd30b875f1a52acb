import { z } from 'zod';

/**
 * Daraja's callback bodies (what M-Pesa posts to Dau). Parsed leniently: unknown fields pass,
 * numbers may arrive as strings.
 */
const num = z.union([z.number(), z.string()]).transform(Number);

export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string(),
      ResultCode: num,
      ResultDesc: z.string(),
      CallbackMetadata: z
        .object({
          Item: z.array(
            z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() }),
          ),
        })
        .optional(),
    }),
  }),
});
export type StkCallback = z.infer<typeof stkCallbackSchema>;

export const b2cResultSchema = z.object({
  Result: z.object({
    ResultType: num.optional(),
    ResultCode: num,
    ResultDesc: z.string(),
    OriginatorConversationID: z.string(),
    ConversationID: z.string(),
    TransactionID: z.string().optional(),
    ResultParameters: z
      .object({
        ResultParameter: z.array(
          z.object({ Key: z.string(), Value: z.union([z.string(), z.number()]).optional() }),
        ),
      })
      .optional(),
  }),
});
export type B2cResult = z.infer<typeof b2cResultSchema>;

const referenceItemSchema = z.object({
  Key: z.string(),
  Value: z.union([z.string(), z.number()]).optional(),
});

/** Daraja's `ReferenceData`: one `ReferenceItem` or a list of them. */
export const referenceDataSchema = z.object({
  ReferenceItem: z.union([referenceItemSchema, z.array(referenceItemSchema)]).optional(),
});

/** The value of one reference item (e.g. the `Occasion` a request named), if sent. */
export function referenceValue(
  data: z.infer<typeof referenceDataSchema> | undefined,
  key: string,
): string | number | undefined {
  const items = data?.ReferenceItem;
  return (Array.isArray(items) ? items : items ? [items] : []).find((i) => i.Key === key)?.Value;
}

/**
 * The answer to a TransactionStatusQuery: the ids are the query's own; the payout it is about
 * is named by `ResultParameters` (receipt, conversation ids, `TransactionStatus`) and by the
 * `Occasion` echoed in `ReferenceData`.
 */
export const transactionStatusResultSchema = z.object({
  Result: b2cResultSchema.shape.Result.extend({
    ReferenceData: referenceDataSchema.optional(),
  }),
});
export type TransactionStatusResult = z.infer<typeof transactionStatusResultSchema>;

export const c2bPaymentSchema = z.object({
  TransactionType: z.string().optional(),
  TransID: z.string().min(1),
  TransTime: z.string().optional(),
  TransAmount: num,
  BusinessShortCode: z.string().optional(),
  BillRefNumber: z.string().optional().default(''),
  MSISDN: z.string().optional(),
  FirstName: z.string().optional(),
});
export type C2bPayment = z.infer<typeof c2bPaymentSchema>;

/** What Dau answers every Daraja callback. */
export const callbackAckSchema = z.object({
  ResultCode: z.union([z.number(), z.string()]),
  ResultDesc: z.string(),
});
