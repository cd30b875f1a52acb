import { randomBytes } from 'node:crypto';
import { CONNECTION_TEST_BASE } from '@dau/contracts/content/paths';
import {
  downloadQuerySchema,
  pingResponseSchema,
  uploadResponseSchema,
} from '@dau/contracts/content/connection-test';
import type { AppInstance } from '../../app-types';
import { AppError } from '../../errors/app-error';

const NO_CACHE = 'no-store, no-cache, must-revalidate';

/**
 * Speed-test endpoints (spec doc 2 §7): a ping for latency and jitter, a download of a chosen
 * size and an upload of a binary body. Sizes are capped so the test cannot be used to make
 * the server send or swallow unbounded data.
 */
export async function connectionTestRoutes(app: AppInstance): Promise<void> {
  const maxBytes = app.deps.config.connectionTestMaxBytes;
  // Random bytes do not compress, so a proxy cannot make the measured speed look better. One
  // block made at start-up is repeated; generating per request would measure our CPU instead.
  const block = randomBytes(64 * 1024);

  // Only this plugin's routes accept binary bodies.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: maxBytes },
    (_request, body, done) => done(null, body),
  );

  app.get(
    `${CONNECTION_TEST_BASE}/ping`,
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['diagnostics'],
        summary: 'Connection test: ping',
        response: { 200: pingResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', NO_CACHE);
      return { pong: true as const, serverTime: Date.now() };
    },
  );

  app.get(
    `${CONNECTION_TEST_BASE}/download`,
    {
      // Compression would measure the compressor, not the network.
      compress: false,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['diagnostics'],
        summary: 'Connection test: download `size` bytes (default 102400)',
        description: `At most ${maxBytes} bytes of incompressible data.`,
        querystring: downloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { size } = request.query;
      if (size > maxBytes) {
        throw new AppError('VALIDATION_FAILED', [
          { message: `size must be at most ${maxBytes} bytes.`, name: 'size' },
        ]);
      }
      const body = Buffer.allocUnsafe(size);
      for (let offset = 0; offset < size; offset += block.length) {
        block.copy(body, offset, 0, Math.min(block.length, size - offset));
      }
      return reply
        .header('cache-control', NO_CACHE)
        .header('content-encoding', 'identity')
        .type('application/octet-stream')
        .send(body);
    },
  );

  app.post(
    `${CONNECTION_TEST_BASE}/upload`,
    {
      bodyLimit: maxBytes,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['diagnostics'],
        summary: 'Connection test: upload a binary body (application/octet-stream)',
        description: `At most ${maxBytes} bytes; larger bodies answer 413.`,
        response: { 200: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!Buffer.isBuffer(body)) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          'Send the upload as application/octet-stream.',
        );
      }
      reply.header('cache-control', NO_CACHE);
      return { receivedBytes: body.length };
    },
  );
}
