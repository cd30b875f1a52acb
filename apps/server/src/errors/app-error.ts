import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope } from '@dau/contracts/errors';

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request is not valid.',
  VALIDATION_FAILED: 'Some of the information sent is not valid.',
  MALFORMED_JSON: 'The request body is not valid JSON.',
  UNAUTHENTICATED: 'Your session has expired. Please log in again.',
  FORBIDDEN: 'You do not have access to the requested resource.',
  NOT_FOUND: 'The requested resource was not found.',
  METHOD_NOT_ALLOWED: 'This method is not allowed here.',
  CONFLICT: 'The request conflicts with the current state.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'The request body has an unsupported content type.',
  UNPROCESSABLE: 'The request could not be processed.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
};

export interface ErrorDetail {
  /** Machine-readable code of this entry; defaults to the error's code. */
  code?: string;
  message: string;
  /** Optional field or entity the entry is about (e.g. an event id). */
  name?: string;
  /** For a price refusal (ODDS_CHANGED): the price now, as decimal odds. */
  odds?: number;
}

/**
 * The one error type of the server. Its code decides the HTTP status (contracts' table) and
 * each envelope entry's `value`; the details' messages become the entries' `dimension_value`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];

  constructor(code: ErrorCode, message?: string | ErrorDetail[], options?: ErrorOptions) {
    const details =
      typeof message === 'string' || message === undefined
        ? [{ message: message ?? DEFAULT_MESSAGES[code] }]
        : message;
    super(details.map((d) => d.message).join('; '), options);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = details.length > 0 ? details : [{ message: DEFAULT_MESSAGES[code] }];
  }

  toEnvelope(): ErrorEnvelope {
    return envelope(
      this.details.map((d) => ({
        code: d.code ?? this.code,
        message: d.message,
        name: d.name,
        odds: d.odds,
      })),
    );
  }
}

export function envelope(
  entries: {
    code: string;
    message: string;
    name?: string | undefined;
    odds?: number | undefined;
  }[],
): ErrorEnvelope {
  return {
    hasErrors: true,
    datasource_entries: entries.map((e) => ({
      error_triggered: true as const,
      dimension_value: e.message,
      value: e.code,
      ...(e.name !== undefined ? { name: e.name } : {}),
      ...(e.odds !== undefined ? { odds: e.odds } : {}),
    })),
  };
}

export function defaultMessage(code: ErrorCode): string {
  return DEFAULT_MESSAGES[code];
}
