import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultMessage, envelope } from '../errors/app-error';
import type { ErrorCode } from '@dau/contracts/errors';
import { translate } from '../i18n/swahili';
import { requestLanguage } from './language';

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

/**
 * A database error the request's values caused: class 22 (data exception: a value out of range,
 * a NUL byte, a bad date) is a 400; a unique violation (23505) is a 409, the loser of a race
 * between two requests for the same new thing. Services handle the cases they know; this is
 * the net for the ones they do not, so a client can never cause a 500 this way.
 */
export function databaseErrorOf(error: unknown): { status: 400 | 409; sqlState: string } | null {
  const sqlState = (error as { code?: unknown } | null)?.code;
  if (typeof sqlState !== 'string' || !/^[0-9A-Z]{5}$/.test(sqlState)) return null;
  if (sqlState.startsWith('22')) return { status: 400, sqlState };
  if (sqlState === '23505') return { status: 409, sqlState };
  return null;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * The database cannot be reached right now: refused or dropped connections, SQLSTATE class 08
 * (connection exception) and 57P01-57P03 (the server shutting down, crashed or starting), and
 * node-postgres' own messages for a connection that died. The request did not happen; the
 * client may try again shortly (503), and the pool reconnects by itself once it is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/.test(
    message,
  );
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
  if (isDatabaseUnavailable(error)) {
    const appError = new AppError('UNAVAILABLE');
    return { status: appError.status, body: appError.toEnvelope(), unexpected: false };
  }
  const database = databaseErrorOf(error);
  if (database) {
    const code: ErrorCode = database.status === 409 ? 'CONFLICT' : 'BAD_REQUEST';
    return {
      status: database.status,
      body: envelope([{ code, message: defaultMessage(code) }]),
      unexpected: false,
    };
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
    if (databaseErrorOf(error)) {
      // Client-caused, but a service should have refused it earlier: kept visible.
      request.log.warn({ err: error, url: request.url }, 'database refused a request value');
    } else if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, url: request.url }, 'database unavailable');
    } else if (unexpected) {
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
    // Every message in the request's language (Swahili in Tanzania unless English is chosen).
    const language = request.site ? requestLanguage(request) : 'en';
    const localised =
      language === 'en'
        ? body
        : {
            ...body,
            datasource_entries: body.datasource_entries.map((entry) => ({
              ...entry,
              dimension_value: translate(entry.dimension_value, language),
            })),
          };
    return reply.status(status).send(localised);
  });
}

/**
 * Fastify's router answers a path with bad percent-encoding (400) or a too-long parameter (414)
 * itself; these keep its status and answer the envelope instead of Fastify's own shape.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  request.log.info({ code: error.code, url: request.url }, 'request refused by the router');
  void reply
    .status(tooLong ? 414 : 400)
    .send(
      envelope([
        tooLong
          ? { code: 'URI_TOO_LONG', message: 'A part of the address is too long.' }
          : { code: 'BAD_REQUEST', message: 'The address is not valid (bad percent-encoding).' },
      ]),
    );
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', 'The request headers are too large.'],
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (oversized headers or request
 * line, timeouts, garbage): the envelope on the raw socket, then the connection closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'BAD_REQUEST',
    'The request could not be read.',
  ];
  const body = JSON.stringify(envelope([{ code, message }]));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
