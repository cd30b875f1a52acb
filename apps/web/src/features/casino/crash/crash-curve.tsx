import { CRASH_GROWTH_PER_MS, formatHundredths, multiplierAt } from '@dau/domain/games/crash';
import { useEffect, useRef, type ReactNode } from 'react';
import { tc, tcf } from './crash-strings';
import { useCrashFeed, type CrashRoundView } from './crash-feed';
import styles from './crash.module.css';

/** The multiplier this device shows now (the server decides; this is only the picture). */
export function shownMultiplier(round: CrashRoundView | null, now: number): number {
  if (!round || round.phase === 'betting') return 100;
  if (round.phase === 'crashed') return Math.round((round.crashPoint ?? 1) * 100);
  return multiplierAt(now - round.takeoffLocal);
}

/**
 * Where the picture's axes end: at least 8 s and 2×, then 15 % past the curve's tip, so the
 * tip stays inside the stage and the scale only ever grows during a flight.
 */
export function curveFrame(elapsedMs: number, tip: number): { spanMs: number; top: number } {
  return { spanMs: Math.max(8_000, elapsedMs * 1.15), top: Math.max(2, tip * 1.15) };
}

/** The curve drawn smooth (the figure is floored to hundredths; the line need not be). */
const smooth = (ms: number) => Math.exp(CRASH_GROWTH_PER_MS * ms);

function draw(canvas: HTMLCanvasElement, round: CrashRoundView | null, now: number): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio)) canvas.width = Math.round(width * ratio);
  if (canvas.height !== Math.round(height * ratio)) canvas.height = Math.round(height * ratio);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  if (!round) return;
  if (round.phase === 'betting') {
    // The betting window as a bar running down to take-off.
    const total = Math.max(1, Date.parse(round.takeoffAt) - Date.parse(round.openedAt));
    const left = Math.min(1, Math.max(0, (round.takeoffLocal - now) / total));
    ctx.fillStyle = 'rgba(255, 209, 102, 0.85)';
    ctx.fillRect(12, height - 10, (width - 24) * left, 4);
    return;
  }
  const end = round.phase === 'crashed' && round.crashedLocal ? round.crashedLocal : now;
  const elapsed = Math.max(0, end - round.takeoffLocal);
  const tip = round.phase === 'crashed' ? (round.crashPoint ?? 1) : smooth(elapsed);
  const { spanMs, top } = curveFrame(elapsed, tip);
  const x = (ms: number) => 12 + (ms / spanMs) * (width - 24);
  const y = (m: number) => height - 12 - ((m - 1) / (top - 1)) * (height - 24);
  const steps = 48;
  ctx.beginPath();
  for (let i = 0; i <= steps; i += 1) {
    const ms = (elapsed * i) / steps;
    const m = Math.min(smooth(ms), tip);
    if (i === 0) ctx.moveTo(x(ms), y(m));
    else ctx.lineTo(x(ms), y(m));
  }
  const crashed = round.phase === 'crashed';
  ctx.lineWidth = 3;
  ctx.lineJoin = 'round';
  ctx.strokeStyle = crashed ? '#ff6b6b' : '#ffd166';
  ctx.stroke();
  // The area under the curve, and the plane as a dot at its tip.
  ctx.lineTo(x(elapsed), height - 12);
  ctx.lineTo(x(0), height - 12);
  ctx.closePath();
  ctx.fillStyle = crashed ? 'rgba(255, 107, 107, 0.15)' : 'rgba(255, 209, 102, 0.18)';
  ctx.fill();
  if (!crashed) {
    ctx.beginPath();
    ctx.arc(x(elapsed), y(tip), 6, 0, Math.PI * 2);
    ctx.fillStyle = '#fff';
    ctx.fill();
  }
}

/**
 * The curve on a canvas, redrawn every animation frame from the round's take-off time (no
 * React render per frame); the figures are written into fixed boxes, so nothing moves.
 * `children`: the round's line, drawn in the stage's corner.
 */
export function CrashCurve({
  reducedMotion,
  children,
}: {
  reducedMotion: boolean;
  children?: ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const figure = useRef<HTMLSpanElement>(null);
  const phase = useRef<HTMLSpanElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let frame = 0;
    const paint = () => {
      const now = Date.now();
      const { round } = useCrashFeed.getState();
      if (canvas.current) draw(canvas.current, round, now);
      if (figure.current) {
        const text = round ? `${formatHundredths(shownMultiplier(round, now))}×` : '';
        if (figure.current.textContent !== text) figure.current.textContent = text;
      }
      if (phase.current) {
        let text = tc('connecting');
        if (round?.phase === 'betting') {
          const left = Math.max(0, Math.ceil((round.takeoffLocal - now) / 1000));
          text = tcf('takeoffIn', { n: left });
        } else if (round?.phase === 'flying') text = tc('flying');
        else if (round?.phase === 'crashed') {
          text = tcf('flewAway', { point: (round.crashPoint ?? 1).toFixed(2) });
        }
        if (phase.current.textContent !== text) phase.current.textContent = text;
        phase.current.parentElement?.setAttribute('data-phase', round?.phase ?? 'connecting');
      }
      box.current?.classList.toggle(styles.crashed ?? '', round?.phase === 'crashed');
      frame = reducedMotion ? window.setTimeout(paint, 250) : requestAnimationFrame(paint);
    };
    paint();
    return () => (reducedMotion ? clearTimeout(frame) : cancelAnimationFrame(frame));
  }, [reducedMotion]);
  return (
    <div className={styles.stage} ref={box} data-testid="crash-stage">
      <canvas ref={canvas} className={styles.canvas} role="img" aria-label={tc('curve')} />
      <p className={styles.readout} aria-live="off">
        <span className={styles.multiplier} ref={figure} data-testid="crash-multiplier" />
        <span className={styles.phase} ref={phase} data-testid="crash-phase" />
      </p>
      {children && <div className={styles.stageInfo}>{children}</div>}
    </div>
  );
}
