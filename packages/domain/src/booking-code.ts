/**
 * Booking codes (social share ids, spec doc 2 §3 `ssid`): short codes a bettor reads out or types
 * from a message. The alphabet leaves out 0, O, 1 and I, which people confuse on a small screen
 * or over the phone; 32 symbols and 6 places give about a billion codes.
 */
export const BOOKING_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const BOOKING_CODE_LENGTH = 6;

/** A new code; `randomInt(n)` answers an integer in [0, n) (crypto.randomInt on the server). */
export function generateBookingCode(randomInt: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < BOOKING_CODE_LENGTH; i += 1) {
    code += BOOKING_CODE_ALPHABET[randomInt(BOOKING_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * What a person typed, as a code: case, spaces and dashes do not matter ("ab3 k-9x" is
 * "AB3K9X"). Null when it cannot be a code, so the caller answers a clear error without a look-up.
 */
export function normalizeBookingCode(input: string): string | null {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== BOOKING_CODE_LENGTH) return null;
  for (const char of code) if (!BOOKING_CODE_ALPHABET.includes(char)) return null;
  return code;
}
