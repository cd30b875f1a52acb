import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  WIN_BOOST_INITIAL_NEXT,
  winBoostNext,
  winBoostPercentage,
  winBoostSelectionsToNext,
} from './win-boost';

const SPEC_ROWS: [number, number][] = [
  [1, 0],
  [2, 0],
  [3, 3],
  [4, 5],
  [5, 10],
  [6, 15],
  [7, 20],
  [8, 25],
  [9, 30],
  [10, 35],
  [11, 40],
  [12, 45],
  [13, 50],
  [14, 55],
  [15, 60],
  [16, 65],
  [17, 75],
  [18, 80],
  [19, 90],
  [20, 100],
  [21, 110],
  [22, 120],
  [23, 130],
  [24, 140],
  [25, 150],
  [26, 160],
  [27, 170],
  [28, 185],
  [29, 195],
  [30, 210],
  [31, 225],
  [32, 240],
  [33, 255],
  [34, 270],
  [35, 290],
  [36, 305],
  [37, 320],
  [38, 340],
  [39, 350],
  [40, 380],
  [41, 400],
  [42, 450],
  [43, 500],
  [44, 550],
  [45, 600],
];

describe('win boost', () => {
  it.each(SPEC_ROWS)('%i selections → %i %%', (count, percent) => {
    expect(winBoostPercentage(count)).toBe(percent);
  });

  it('gives 600 from 45 on and 0 for none', () => {
    expect(winBoostPercentage(46)).toBe(600);
    expect(winBoostPercentage(1000)).toBe(600);
    expect(winBoostPercentage(0)).toBe(0);
  });

  it('next boost starts at 3 and stays 600 at the top', () => {
    expect(WIN_BOOST_INITIAL_NEXT).toBe(3);
    expect(winBoostNext(0)).toBe(3);
    expect(winBoostNext(2)).toBe(3);
    expect(winBoostNext(3)).toBe(5);
    expect(winBoostNext(44)).toBe(600);
    expect(winBoostNext(50)).toBe(600);
  });

  it('never decreases as qualifying selections grow', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(winBoostPercentage(lo)).toBeLessThanOrEqual(winBoostPercentage(hi));
        expect(winBoostNext(lo)).toBeLessThanOrEqual(winBoostNext(hi));
      }),
    );
  });
});

describe('selections to the next win boost', () => {
  it('counts the selections still missing for the next higher percentage', () => {
    expect(winBoostSelectionsToNext(0)).toBe(3);
    expect(winBoostSelectionsToNext(2)).toBe(1);
    expect(winBoostSelectionsToNext(3)).toBe(1);
    expect(winBoostSelectionsToNext(100)).toBe(0);
  });

  it('always lands on the percentage winBoostNext names', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), (count) => {
        const missing = winBoostSelectionsToNext(count);
        if (missing === 0) expect(winBoostNext(count)).toBe(winBoostPercentage(count));
        else expect(winBoostPercentage(count + missing)).toBe(winBoostNext(count));
      }),
    );
  });
});
