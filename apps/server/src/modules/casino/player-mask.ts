/**
 * A winner's name as others see it: never a whole username or phone number. Usernames keep
 * their first and last character ("demo" → "d••o"); phone numbers their country code and last
 * three digits ("+254712345678" → "254••••678").
 */
export function maskPlayer(user: { username: string | null; phone: string }): string {
  const name = user.username?.trim();
  if (name) {
    if (name.length <= 2) return `${name[0]}••`;
    return `${name[0]}••${name[name.length - 1]}`;
  }
  const digits = user.phone.replace(/\D/g, '');
  if (digits.length < 7) return '••••';
  return `${digits.slice(0, 3)}••••${digits.slice(-3)}`;
}
