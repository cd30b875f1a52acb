import { pocketColour } from '@dau/domain/games/roulette';
import { useEffect, useRef, useState } from 'react';
import { tg, tgf } from '../game-strings';
import styles from './roulette.module.css';

/** The single-zero wheel's pockets clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;
const SEGMENT = 360 / WHEEL_ORDER.length;
const SPIN_TURNS = 5;

/** The wheel's rotation that brings `pocket` under the pointer, always turning forward. */
export function rotationFor(pocket: number, from: number, turns = SPIN_TURNS): number {
  const index = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]);
  const target = -(index * SEGMENT + SEGMENT / 2);
  const current = ((from % 360) + 360) % 360;
  const wanted = ((target % 360) + 360) % 360;
  const delta = (wanted - current + 360) % 360;
  return from + turns * 360 + delta;
}

function sectorPath(i: number): string {
  const r = 100;
  const a0 = ((i * SEGMENT - 90) * Math.PI) / 180;
  const a1 = (((i + 1) * SEGMENT - 90) * Math.PI) / 180;
  const p = (a: number, radius: number) =>
    `${(Math.cos(a) * radius).toFixed(3)} ${(Math.sin(a) * radius).toFixed(3)}`;
  return `M ${p(a0, 56)} L ${p(a0, r)} A ${r} ${r} 0 0 1 ${p(a1, r)} L ${p(a1, 56)} A 56 56 0 0 0 ${p(a0, 56)} Z`;
}

/**
 * An animated wheel: when a round's pocket arrives it spins forward and stops with the pocket
 * under the pointer (no spin with reduced motion: the CSS drops the transition).
 */
export function RouletteWheel({ pocket, spinning }: { pocket: number | null; spinning: boolean }) {
  const [rotation, setRotation] = useState(0);
  const shownFor = useRef<number | null>(null);
  useEffect(() => {
    if (pocket === null || shownFor.current === pocket) return;
    shownFor.current = pocket;
    setRotation((from) => rotationFor(pocket, from));
  }, [pocket]);
  useEffect(() => {
    if (pocket === null) shownFor.current = null;
  }, [pocket]);
  return (
    <div className={styles.wheelBox}>
      <svg
        viewBox="-110 -110 220 220"
        className={styles.wheel}
        role="img"
        aria-label={pocket === null ? tg('wheelWaiting') : tgf('wheelLanded', { pocket })}
      >
        <g
          className={spinning ? `${styles.rotor} ${styles.rotorFast}` : styles.rotor}
          style={{ transform: `rotate(${rotation}deg)` }}
        >
          {WHEEL_ORDER.map((n, i) => (
            <g key={n}>
              <path d={sectorPath(i)} className={styles[pocketColour(n)]} />
              <text
                className={styles.pocketText}
                transform={`rotate(${i * SEGMENT + SEGMENT / 2}) translate(0 -86)`}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {n}
              </text>
            </g>
          ))}
          <circle r={56} className={styles.hub} />
        </g>
        <path d="M -7 -108 L 7 -108 L 0 -94 Z" className={styles.pointer} />
        {pocket !== null && !spinning && (
          <text className={styles.hubText} textAnchor="middle" dominantBaseline="middle">
            {pocket}
          </text>
        )}
      </svg>
    </div>
  );
}
