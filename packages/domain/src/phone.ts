import type { SiteId } from './sites';
import { SITES } from './sites';

/** First digits of mobile numbers (national significant number) per site. */
export const MOBILE_LEADING_DIGITS: Readonly<Record<SiteId, readonly string[]>> = {
  1: ['7'], // Uganda 07xx
  2: ['7', '1'], // Kenya 07xx and 01xx (Safaricom, Airtel, Telkom)
  3: ['7', '9'], // Zambia 07xx/09xx
  4: ['6', '7'], // Tanzania 06xx/07xx
};

/**
 * Normalises a mobile number typed in any usual local form to E.164 for the site, e.g. for
 * Kenya `0712345678`, `712345678`, `254712345678`, `+254 712 345 678`, `00254712345678`,
 * `0112345678` → `+254712345678` / `+254112345678`. Returns `null` when it is not a mobile
 * number of that site.
 */
export function normalisePhone(input: string, siteId: SiteId): string | null {
  const site = SITES[siteId];
  const countryCode = site.phonePrefix.replace('+', '');
  const trimmed = input.trim();
  if (!/^\+?[\d\s\-().]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) {
    if (!digits.startsWith(countryCode)) return null;
    digits = digits.slice(countryCode.length);
  } else if (digits.startsWith(`00${countryCode}`)) {
    digits = digits.slice(countryCode.length + 2);
  } else if (
    digits.startsWith(countryCode) &&
    digits.length === countryCode.length + site.nationalNumberLength
  ) {
    digits = digits.slice(countryCode.length);
  } else if (digits.startsWith('0') && digits.length === site.nationalNumberLength + 1) {
    digits = digits.slice(1);
  }
  if (digits.length !== site.nationalNumberLength) return null;
  if (!MOBILE_LEADING_DIGITS[siteId].some((lead) => digits.startsWith(lead))) return null;
  return `${site.phonePrefix}${digits}`;
}

/** The local display form used in M-Pesa style forms: `0712345678`. */
export function localPhone(e164: string, siteId: SiteId): string {
  const prefix = SITES[siteId].phonePrefix;
  return e164.startsWith(prefix) ? `0${e164.slice(prefix.length)}` : e164;
}
