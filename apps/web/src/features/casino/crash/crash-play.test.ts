import type { Cents } from '@dau/domain/money';
import { describe, expect, it } from 'vitest';
import { curveFrame } from './crash-curve';
import { demoSettle, judgeOpen, type MyCrashBet } from './crash-play';
import type { CrashRoundView } from './crash-feed';

const bet = (over: Partial<MyCrashBet> = {}): MyCrashBet => ({
  roundId: 7,
  slot: 1,
  stake: 10_000 as Cents,
  auto: null,
  status: 'open',
  cashOut: null,
  win: null,
  ...over,
});

describe('High Flyer bets as the screen shows them', () => {
  it('judges an open bet by its round crash point: auto target reached is paid, else lost', () => {
    const crashed = new Map([[7, 2.0]]);
    expect(judgeOpen(bet({ auto: 200 }), crashed)).toMatchObject({
      status: 'cashed_out',
      cashOut: 200,
      win: 20_000,
    });
    expect(judgeOpen(bet({ auto: 201 }), crashed)).toMatchObject({ status: 'lost', win: 0 });
    expect(judgeOpen(bet(), crashed)).toMatchObject({ status: 'lost', win: 0 });
  });

  it('leaves bets of rounds still flying and bets the server judged as they are', () => {
    const flying = bet({ roundId: 8 });
    expect(judgeOpen(flying, new Map([[7, 3]]))).toBe(flying);
    const cashed = bet({ status: 'cashed_out', cashOut: 150, win: 15_000 as Cents });
    expect(judgeOpen(cashed, new Map([[7, 1]]))).toBe(cashed);
  });

  it('keeps a demo cash-out made before the crash and pays a reached auto target', () => {
    const round = { roundId: 7, crashPoint: 1.8, crashedLocal: 5_000 } as CrashRoundView;
    const early = bet({ status: 'cashed_out', cashOut: 150, win: 15_000 as Cents, at: 4_000 });
    expect(demoSettle(early, round)).toBe(early);
    const late = bet({ status: 'cashed_out', cashOut: 150, win: 15_000 as Cents, at: 6_000 });
    expect(demoSettle(late, round)).toMatchObject({ status: 'lost', win: 0 });
    expect(demoSettle(bet({ auto: 180 }), round)).toMatchObject({ cashOut: 180, win: 18_000 });
  });

  it('frames the curve so its tip stays inside and the scale only grows', () => {
    expect(curveFrame(0, 1)).toEqual({ spanMs: 8_000, top: 2 });
    let last = curveFrame(0, 1);
    for (let ms = 0; ms <= 60_000; ms += 500) {
      const tip = Math.exp(0.00008 * ms);
      const frame = curveFrame(ms, tip);
      expect(frame.spanMs).toBeGreaterThan(ms);
      expect(frame.top).toBeGreaterThan(tip);
      expect(frame.spanMs).toBeGreaterThanOrEqual(last.spanMs);
      expect(frame.top).toBeGreaterThanOrEqual(last.top);
      last = frame;
    }
  });
});
