import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

const MAX_DEPTH = 32;
const NUL = '\u0000';

/** The path of the first string or key holding a NUL character, or null. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], `${path}.${i}`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(NUL)) return `${path}.${key.split(NUL).join('\\0')}`;
    const found = findNul(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold NUL; a string carrying one would reach the database
 * and fail there as a 500. Every request's body, query and path parameters are refused with a
 * 400 naming the field before any handler or validator runs (issue #17).
 */
export async function refuseNulCharacters(request: FastifyRequest, _reply: FastifyReply) {
  const found =
    findNul(request.params, 'params') ??
    findNul(request.query, 'query') ??
    findNul(request.body, 'body');
  if (found) {
    throw new AppError('VALIDATION_FAILED', [
      {
        code: 'CONTROL_CHARACTER',
        message: `${found}: must not contain a NUL character`,
        name: found,
      },
    ]);
  }
}
