import { describe, expect, it } from 'vitest';
import { attributionOnArrival } from './attribution';

const none = { btag: null, lastBid: null };
const NOW = 1_763_700_000_000;
const names = (r: ReturnType<typeof attributionOnArrival>) =>
  Object.fromEntries(r.cookies.map((c) => [c.name, c.value]));

describe('attribution on arrival', () => {
  it('stores the first click id present, prefixing fbclid', () => {
    expect(names(attributionOnArrival('?gclid=G1', none, NOW))).toEqual({ click_id: 'G1' });
    expect(names(attributionOnArrival('?fbclid=F1', none, NOW))).toEqual({
      click_id: `fb.1.${NOW}.F1`,
    });
    expect(names(attributionOnArrival('?phx_click_id=P&gclid=G', none, NOW))).toEqual({
      click_id: 'P',
    });
    expect(attributionOnArrival('?utm_source=x', none, NOW).cookies).toEqual([]);
  });

  it('keeps affiliate and btag for 30 days; a new btag replaces only the same owner', () => {
    const first = attributionOnArrival('?affiliate=A7&btag=123_abc', none, NOW);
    expect(names(first)).toEqual({ affiliate: 'A7', btag: '123_abc' });
    expect(first.cookies.every((c) => c.maxAgeSeconds === 2_592_000)).toBe(true);
    const same = attributionOnArrival('?btag=123_xyz', { btag: '123_abc', lastBid: null }, NOW);
    expect(names(same)).toEqual({ btag: '123_xyz' });
    const other = attributionOnArrival('?btag=999_xyz', { btag: '123_abc', lastBid: null }, NOW);
    expect(names(other)).toEqual({});
  });

  it('marks a receipt only for a bid that differs from the last one', () => {
    const fresh = attributionOnArrival('?bid=B2', { btag: null, lastBid: 'B1' }, NOW);
    expect(fresh.receiptBid).toBe('B2');
    expect(names(fresh)).toEqual({ last_bid: 'B2' });
    expect(
      attributionOnArrival('?bid=B1', { btag: null, lastBid: 'B1' }, NOW).receiptBid,
    ).toBeNull();
  });
});
