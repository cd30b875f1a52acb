import { z } from 'zod';

import { CONNECTION_TEST_DEFAULT_DOWNLOAD_BYTES } from './paths';

export const pingResponseSchema = z.object({
  pong: z.literal(true),
  /** Server clock in epoch ms, so the client can also estimate its clock offset. */
  serverTime: z.number().int(),
});

export const downloadQuerySchema = z.object({
  size: z.coerce.number().int().min(1).default(CONNECTION_TEST_DEFAULT_DOWNLOAD_BYTES),
});

export const uploadResponseSchema = z.object({
  receivedBytes: z.number().int(),
});
