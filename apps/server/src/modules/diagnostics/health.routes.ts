import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';

const healthSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/healthz',
    {
      config: { rateLimit: false },
      schema: { tags: ['diagnostics'], summary: 'Liveness', response: { 200: healthSchema } },
    },
    async () => ({ status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.get(
    '/readyz',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['diagnostics'],
        summary: 'Readiness: the database answers',
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
      },
    },
    async () => {
      try {
        await sql`select 1`.execute(app.deps.db);
      } catch (error) {
        throw new AppError('UNAVAILABLE', 'The database is not reachable.', { cause: error });
      }
      return { status: 'ready' as const, database: app.deps.databaseKind };
    },
  );
}
