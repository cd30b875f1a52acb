import { z } from 'zod';

/** `GET /api/sandbox/sms/outbox?phone=`: messages the SMS sandbox kept, newest first. */
export const SMS_OUTBOX_PATH = '/api/sandbox/sms/outbox';

export const smsOutboxQuerySchema = z.object({
  phone: z.string().max(32).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const smsOutboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      phone: z.string(),
      purpose: z.string(),
      body: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SmsOutboxResponse = z.infer<typeof smsOutboxResponseSchema>;
