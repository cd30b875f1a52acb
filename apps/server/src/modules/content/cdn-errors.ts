import { z } from 'zod';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error';
import { StoryQueryError } from './story-query';

/**
 * Storyblok's own error bodies, which its clients read (storyblok-js-client takes the first
 * string of an array, `error`, or `key: first message`): the CDN paths answer in them, the
 * rest of Dau's API in the error envelope.
 */
export type CdnErrorBody = string[] | { error: string } | Record<string, string[]>;

/** A refusal with Storyblok's status and body (also what the real CDN answered, passed on). */
export class CdnError extends Error {
  constructor(
    readonly status: number,
    readonly body: CdnErrorBody,
  ) {
    super(Array.isArray(body) ? (body[0] ?? 'error') : JSON.stringify(body));
    this.name = 'CdnError';
  }
}

export const CDN_NOT_FOUND: CdnErrorBody = ['This record could not be found'];
export const CDN_UNAUTHORIZED: CdnErrorBody = { error: 'Unauthorized' };

function cdnAnswer(error: unknown): { status: number; body: CdnErrorBody; unexpected?: true } {
  if (error instanceof CdnError) return { status: error.status, body: error.body };
  if (error instanceof StoryQueryError) {
    return { status: 422, body: { [error.parameter]: [error.message] } };
  }
  if (error instanceof AppError) {
    if (error.code === 'NOT_FOUND') return { status: 404, body: CDN_NOT_FOUND };
    if (error.code === 'RATE_LIMITED') return { status: 429, body: { error: error.message } };
    if (error.code === 'UNAVAILABLE') return { status: 503, body: { error: error.message } };
    // Refused before the route (a NUL character, say): the same refusal in Storyblok's shape.
    if (error.status < 500) return { status: error.status, body: { error: error.message } };
  }
  const fastify = error as Partial<FastifyError> & {
    validation?: { instancePath?: string; message?: string; params?: unknown }[];
  };
  if (fastify.validation) {
    const body: Record<string, string[]> = {};
    for (const issue of fastify.validation) {
      const key = (issue.instancePath ?? '').replace(/^\//, '').split('/')[0] || 'query';
      (body[key] ??= []).push(issue.message ?? 'is not valid');
    }
    return { status: 422, body };
  }
  const status = fastify.statusCode;
  if (status && status >= 400 && status < 500) {
    return { status, body: { error: fastify.message ?? 'Bad request' } };
  }
  return { status: 500, body: { error: 'Internal server error' }, unexpected: true };
}

/** Installs Storyblok's error shape on the routes of this (encapsulated) plugin scope. */
export function useCdnErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, unexpected } = cdnAnswer(error);
    if (unexpected)
      request.log.error({ err: error, url: request.url }, 'content CDN: unexpected error');
    if (status === 429 && reply.getHeader('retry-after') === undefined) {
      reply.header('retry-after', '60');
    }
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(CDN_NOT_FOUND));
}

/** For the OpenAPI document: Storyblok's error bodies. */
export const cdnErrorSchema = z
  .union([
    z.array(z.string()),
    z.object({ error: z.string() }),
    z.record(z.string(), z.array(z.string())),
  ])
  .describe("Storyblok's error shape: a list of messages, { error }, or { parameter: [messages] }");
