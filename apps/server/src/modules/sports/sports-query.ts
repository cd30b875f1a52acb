import { AppError } from '../../errors/app-error';

/** The spec's wording for a missing or non-numeric parameter (spec doc 2 §5). */
export function missingParameter(name: string): AppError {
  return new AppError('BAD_REQUEST', [
    { code: 'MISSING_PARAMETER', message: `Missing required parameter [${name}]`, name },
  ]);
}

function invalid(name: string, message: string): AppError {
  return new AppError('BAD_REQUEST', [{ code: 'INVALID_PARAMETER', message, name }]);
}

const INTEGER = /^-?\d{1,15}$/;

export function requiredInt(value: string | undefined, name: string): number {
  if (value === undefined || !INTEGER.test(value.trim())) throw missingParameter(name);
  return Number(value.trim());
}

export function optionalInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return requiredInt(value, name);
}

export function intInRange(
  value: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const n = optionalInt(value, name);
  if (n === undefined) return fallback;
  if (n < min || n > max) throw invalid(name, `${name} must be between ${min} and ${max}.`);
  return n;
}

export function csvInts(value: string | undefined, name: string): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.some((p) => !INTEGER.test(p))) {
    throw invalid(name, `${name} must be a comma-separated list of numbers.`);
  }
  return parts.map(Number);
}

export function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return value === 'true' || value === 'True' || value === '1';
}

export function decimal(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw invalid(name, `${name} must be a number.`);
  return n;
}

export function dateTime(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalid(name, `${name} must be an ISO date and time.`);
  return ms;
}

/** A market specifier such as `total=2.5`. */
export function specifier(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^[a-z_]+=[\w.+-]+(\|[a-z_]+=[\w.+-]+)*$/.test(value.trim())) {
    throw invalid('specifier', 'specifier must look like total=2.5.');
  }
  return value.trim();
}

export function invalidLastKey(): AppError {
  return invalid('lastKey', 'lastKey is not valid; start again from the first page.');
}
