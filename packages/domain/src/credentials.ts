/**
 * Password and PIN rules for registration, reset and change (issue #5). Users on basic
 * phones often choose a numeric PIN, so a PIN of 4 to 6 digits is accepted; anything else is a
 * password of at least 8 characters with a letter and a digit.
 */
export const PIN_PATTERN = /^\d{4,6}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_MESSAGE =
  'Use a PIN of 4 to 6 digits or a password of at least 8 characters with a letter and a number.';
export const PIN_TOO_SIMPLE_MESSAGE = 'This PIN is too easy to guess. Please choose another.';

export type CredentialCheck =
  { ok: true; kind: 'pin' | 'password' } | { ok: false; message: string };

/** Whether a new password or PIN may be set. */
export function checkNewPassword(value: string): CredentialCheck {
  if (value.length > PASSWORD_MAX_LENGTH) return { ok: false, message: PASSWORD_RULE_MESSAGE };
  if (PIN_PATTERN.test(value)) {
    const allSame = /^(\d)\1+$/.test(value);
    const digits = [...value].map(Number);
    const ascending = digits.every((d, i) => i === 0 || d === (digits[i - 1]! + 1) % 10);
    const descending = digits.every((d, i) => i === 0 || d === (digits[i - 1]! + 9) % 10);
    if (allSame || ascending || descending) return { ok: false, message: PIN_TOO_SIMPLE_MESSAGE };
    return { ok: true, kind: 'pin' };
  }
  if (value.length >= PASSWORD_MIN_LENGTH && /\p{L}/u.test(value) && /\d/.test(value)) {
    return { ok: true, kind: 'password' };
  }
  return { ok: false, message: PASSWORD_RULE_MESSAGE };
}
