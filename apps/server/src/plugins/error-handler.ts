import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultMessage, envelope } from '../errors/app-error';
import type { ErrorCode } from '@dau/contracts/errors';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

function validationMessages(
  error: FastifyError,
): { code: string; message: string; name?: string }[] {
  const issues = error.validation ?? [];
  if (issues.length === 0) return [{ code: 'VALIDATION_FAILED', message: error.message }];
  return issues.map((issue) => {
    const where = (issue.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const context = error.validationContext ?? 'body';
    const field = where || context;
    return {
      code: 'VALIDATION_FAILED',
      message: `${field}: ${issue.message ?? 'is not valid'}`,
      name: field,
    };
  });
}

/** Maps anything thrown to the spec's error envelope. Only genuine faults answer 500. */
export function toErrorResponse(error: unknown): {
  status: number;
  body: ReturnType<typeof envelope>;
  unexpected: boolean;
} {
  if (error instanceof AppError) {
    return { status: error.status, body: error.toEnvelope(), unexpected: error.status >= 500 };
  }
  const fe = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe) || fe.validation) {
    return { status: 400, body: envelope(validationMessages(fe)), unexpected: false };
  }
  const mapped = (fe.code && FASTIFY_CODES[fe.code]) || undefined;
  if (mapped) {
    const appError = new AppError(mapped);
    return { status: appError.status, body: appError.toEnvelope(), unexpected: false };
  }
  const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
    return {
      status,
      body: envelope([{ code, message: defaultMessage(code) }]),
      unexpected: false,
    };
  }
  return {
    status: 500,
    body: envelope([{ code: 'INTERNAL', message: defaultMessage('INTERNAL') }]),
    unexpected: true,
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, unexpected } = toErrorResponse(error);
    if (unexpected) {
      request.log.error(
        { err: error, method: request.method, url: request.url, requestId: request.id },
        'unexpected error',
      );
    } else if (status !== 404) {
      request.log.info({ status, code: body.datasource_entries[0]?.value }, 'request refused');
    }
    if (status === 429 && reply.getHeader('retry-after') === undefined) {
      reply.header('retry-after', '60');
    }
    return reply.status(status).send(body);
  });
}
