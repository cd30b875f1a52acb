import { CLIENT_LOG_MAX_BYTES, CLIENT_LOG_PATH } from '@dau/contracts/http';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';

const clientLogSchema = z.object({
  kind: z.enum(['request', 'script', 'chunk', 'other']),
  message: z.string().min(1).max(2000),
  url: z.string().max(2000).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

/** Collects request and script errors from browsers (spec doc 1 §7–§8). */
export async function clientLogRoutes(app: AppInstance): Promise<void> {
  app.post(
    CLIENT_LOG_PATH,
    {
      bodyLimit: CLIENT_LOG_MAX_BYTES,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['diagnostics'],
        summary: 'Client error log collector',
        body: clientLogSchema,
        response: { 202: z.object({ accepted: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const { kind, message, url, details } = request.body;
      request.log.warn({ clientLog: { kind, message, url } }, 'client error reported');
      await app.deps.db
        .insertInto('client_logs')
        .values({
          site_id: request.site.siteId,
          kind,
          message,
          url: url ?? null,
          details: JSON.stringify(details ?? {}),
          user_agent: request.headers['user-agent']?.slice(0, 500) ?? null,
          ip: request.ip,
        })
        .execute();
      return reply.status(202).send({ accepted: true as const });
    },
  );
}
