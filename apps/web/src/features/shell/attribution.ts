import { COOKIES } from '@dau/contracts/http';
import { AFFILIATE_COOKIE_MAX_AGE_S } from '@dau/domain/constants';
import { readCookie } from '../../lib/cookies';

/**
 * Attribution on arrival (spec doc 1 §2). Pure: the query and the stored cookies in, the
 * cookies to write and the receipt to show out. Registration (#5) sends the cookies along.
 */
export interface CookieWrite {
  name: string;
  value: string;
  maxAgeSeconds: number;
}

export interface ArrivalAttribution {
  cookies: CookieWrite[];
  /** A bid that differs from the last stored one: its receipt is shown. */
  receiptBid: string | null;
}

export const RECEIPT_BID_KEY = 'dau:receipt-bid';

const CLICK_ID_PARAMS = ['click_id', 'phx_click_id', 'fbclid', 'gclid'] as const;

function btagOwner(btag: string): string {
  return btag.split('_')[0] ?? '';
}

export function attributionOnArrival(
  search: string,
  stored: { btag: string | null; lastBid: string | null },
  nowMs: number,
): ArrivalAttribution {
  const query = new URLSearchParams(search);
  const cookies: CookieWrite[] = [];
  const keep = (name: string, value: string) =>
    cookies.push({ name, value, maxAgeSeconds: AFFILIATE_COOKIE_MAX_AGE_S });

  for (const param of CLICK_ID_PARAMS) {
    const value = query.get(param)?.trim();
    if (!value) continue;
    // Meta's click id format: fb.{subdomain index}.{creation time}.{fbclid}.
    keep(COOKIES.clickId, param === 'fbclid' ? `fb.1.${nowMs}.${value}` : value);
    break;
  }

  const affiliate = query.get('affiliate')?.trim();
  if (affiliate) keep(COOKIES.affiliate, affiliate);

  const btag = query.get('btag')?.trim();
  if (btag && (!stored.btag || btagOwner(stored.btag) === btagOwner(btag))) {
    keep(COOKIES.btag, btag);
  }

  const bid = query.get('bid')?.trim() || null;
  const receiptBid = bid && bid !== stored.lastBid ? bid : null;
  if (receiptBid) keep(COOKIES.lastBid, receiptBid);

  return { cookies, receiptBid };
}

/** Reads the arrival URL once and writes the attribution cookies. */
export function recordArrivalAttribution(search: string = location.search): ArrivalAttribution {
  const result = attributionOnArrival(
    search,
    { btag: readCookie(COOKIES.btag), lastBid: readCookie(COOKIES.lastBid) },
    Date.now(),
  );
  for (const cookie of result.cookies) {
    document.cookie = `${cookie.name}=${encodeURIComponent(cookie.value)}; Max-Age=${cookie.maxAgeSeconds}; Path=/; SameSite=Lax`;
  }
  if (result.receiptBid) {
    try {
      // The bet receipt view (#8) reads and clears this.
      sessionStorage.setItem(RECEIPT_BID_KEY, result.receiptBid);
    } catch {
      // Without storage the receipt is simply not offered.
    }
  }
  return result;
}
