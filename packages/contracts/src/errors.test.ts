import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, isErrorEnvelope } from './errors';

describe('error envelope', () => {
  it('accepts the spec shape and rejects others', () => {
    expect(
      isErrorEnvelope({
        hasErrors: true,
        datasource_entries: [{ error_triggered: true, dimension_value: 'NOT_FOUND', value: 'x' }],
      }),
    ).toBe(true);
    expect(isErrorEnvelope({ hasErrors: false, datasource_entries: [] })).toBe(false);
  });

  it('maps every client error code to a 4xx status', () => {
    const clientCodes = Object.entries(ERROR_STATUS).filter(
      ([code]) => code !== 'INTERNAL' && code !== 'UNAVAILABLE',
    );
    for (const [, status] of clientCodes) expect(status).toBeGreaterThanOrEqual(400);
    for (const [, status] of clientCodes) expect(status).toBeLessThan(500);
  });
});
