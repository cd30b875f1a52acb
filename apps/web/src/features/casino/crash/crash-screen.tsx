import { multiplierAt } from '@dau/domain/games/crash';
import type { Cents } from '@dau/domain/money';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDisplayMode } from '../../sports/use-display-mode';
import { useHydrated, useReducedMotion } from '../client-only';
import gameStyles from '../games/games.module.css';
import { money, roundErrorText, StakeField, useStake } from '../games/play-kit';
import type { GameScreenProps } from '../games/screen-props';
import { GameError } from '../session/game-session';
import { CrashCurve } from './crash-curve';
import { CrashLists, RecentPoints } from './crash-lists';
import { joinCrash, useCrashFeed } from './crash-feed';
import { demoCashOut, demoSettle, judgeOpen, realPlay, type MyCrashBet } from './crash-play';
import { tg } from '../game-strings';
import { CRASH_ERRORS, tc, tcf } from './crash-strings';
import styles from './crash.module.css';

const point = (hundredths: number) => (hundredths / 100).toFixed(2);

function BetPanel({
  slot,
  limits,
  bet,
  busy,
  error,
  onBet,
  onCashOut,
}: {
  slot: 1 | 2;
  limits: { min: Cents; max: Cents };
  bet: MyCrashBet | null;
  busy: boolean;
  /** Why this panel's last bet or cash-out was refused, in its note's place. */
  error: string | null;
  onBet: (slot: 1 | 2, stake: Cents, auto: number | null) => void;
  onCashOut: (slot: 1 | 2) => void;
}) {
  const stake = useStake(limits);
  const id = useId();
  const [autoOn, setAutoOn] = useState(false);
  const [autoText, setAutoText] = useState('2.00');
  const round = useCrashFeed((s) => s.round);
  const cashLabel = useRef<HTMLSpanElement>(null);
  const auto = Number(autoText);
  const autoValid = /^\d+(\.\d{1,2})?$/.test(autoText.trim()) && auto >= 1.01 && auto <= 10_000;
  const mine = bet && round && bet.roundId === round.roundId ? bet : null;
  const canBet =
    round?.phase === 'betting' && !mine && stake.cents !== null && (!autoOn || autoValid);
  const canCashOut = round?.phase === 'flying' && mine?.status === 'open';

  // The cash-out amount follows the curve (a text node, not a render per frame).
  useEffect(() => {
    if (!canCashOut || !mine || !round) return;
    let frame = 0;
    const paint = () => {
      const m = multiplierAt(Date.now() - round.takeoffLocal);
      if (cashLabel.current) {
        cashLabel.current.textContent = tcf('cashOut', {
          amount: money(Math.floor((mine.stake * m) / 100) as Cents),
        });
      }
      frame = requestAnimationFrame(paint);
    };
    paint();
    return () => cancelAnimationFrame(frame);
  }, [canCashOut, mine, round]);

  let note = '\u00a0';
  if (mine?.status === 'open') note = tcf('betPlaced', { amount: money(mine.stake) });
  if (mine?.status === 'cashed_out' && mine.cashOut !== null)
    note = tcf('cashedOut', {
      point: point(mine.cashOut),
      amount: money(mine.win ?? (0 as Cents)),
    });
  if (mine?.status === 'lost') note = tcf('lost', { point: (round?.crashPoint ?? 1).toFixed(2) });
  if (error) note = error;

  return (
    <section
      className={styles.panel}
      aria-label={tcf('betPanel', { n: slot })}
      data-testid={`crash-panel-${slot}`}
    >
      <h3 className={styles.panelTitle}>{tcf('betPanel', { n: slot })}</h3>
      <StakeField stake={stake} limits={limits} disabled={!!mine || busy} />
      <div className={styles.auto}>
        <label>
          <input
            type="checkbox"
            checked={autoOn}
            disabled={!!mine || busy}
            onChange={(e) => setAutoOn(e.target.checked)}
          />{' '}
          <span id={`${id}-auto`}>{tc('autoCashOut')}</span>
        </label>
        <input
          className={gameStyles.input}
          inputMode="decimal"
          aria-labelledby={`${id}-auto`}
          value={autoText}
          disabled={!autoOn || !!mine || busy}
          aria-invalid={autoOn && !autoValid}
          onChange={(e) => setAutoText(e.target.value)}
        />
      </div>
      {autoOn && !autoValid && <p className={gameStyles.fieldError}>{tc('autoInvalid')}</p>}
      {canCashOut ? (
        <button
          type="button"
          className={gameStyles.primary}
          disabled={busy}
          onClick={() => onCashOut(slot)}
        >
          <span ref={cashLabel}>{tcf('cashOut', { amount: money(mine.stake) })}</span>
        </button>
      ) : (
        <button
          type="button"
          className={gameStyles.primary}
          disabled={!canBet || busy}
          onClick={() =>
            stake.cents !== null && onBet(slot, stake.cents, autoOn ? Math.round(auto * 100) : null)
          }
        >
          {round?.phase !== 'betting'
            ? tc('waiting')
            : mine
              ? tc('waitingTakeoff')
              : tcf('bet', { amount: money(stake.cents ?? limits.min) })}
        </button>
      )}
      <p
        className={`${styles.note} ${error ? gameStyles.lineError : ''}`}
        role="status"
        data-testid={`crash-note-${slot}`}
      >
        {note}
      </p>
    </section>
  );
}

/**
 * High Flyer (issue #14 item 1): the shared round's curve, the last 20 crash points, two bet
 * panels with auto cash-out, this round's bets (names masked) and mine. Real play goes through
 * the server (the header's balance follows the wallet push); demo plays the same shared rounds
 * with the fun balance in this browser. Data saving (the user's setting or the browser's hint)
 * joins the lite room: the same rounds, the bets list pushed less often.
 */
export function CrashScreen({ session, limits, sound, onRound }: GameScreenProps) {
  const demo = session.mode === 'demo';
  const reduced = useReducedMotion();
  const { round, recent, bets, cashOuts, unreachable } = useCrashFeed();
  const [mine, setMine] = useState<MyCrashBet[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ 1: string | null; 2: string | null }>({
    1: null,
    2: null,
  });
  const [funBalance, setFunBalance] = useState<Cents>((session.balance ?? 100_000) as Cents);
  const hydrated = useHydrated();
  const displayMode = useDisplayMode();
  const lite = hydrated && displayMode.saveData;

  useEffect(() => joinCrash(lite), [lite]);

  // Real bets come from the server when the screen opens and whenever a round opens (the last
  // one is settled by then); the header's balance is asked again after a round with my bets.
  const roundId = round?.roundId ?? null;
  const opened = round?.phase === 'betting';
  useEffect(() => {
    if (demo || (roundId !== null && !opened)) return;
    void realPlay.mine().then(
      (next) => {
        setMine(next);
        if (roundId !== null && next.some((b) => b.roundId === roundId - 1)) onRound();
      },
      () => undefined,
    );
  }, [demo, roundId, opened, onRound]);

  const update = useCallback((next: MyCrashBet) => {
    setMine((old) =>
      [next, ...old.filter((b) => !(b.roundId === next.roundId && b.slot === next.slot))].slice(
        0,
        20,
      ),
    );
  }, []);

  // The crash settles demo bets here (by the revealed crash time and point); real bets are
  // settled by the server and shown judged meanwhile (`judgeOpen`).
  const settled = useRef<number | null>(null);
  useEffect(() => {
    if (round?.phase !== 'crashed' || settled.current === round.roundId) return;
    settled.current = round.roundId;
    if (demo) {
      setMine((old) => {
        let credit = 0;
        const next = old.map((b) => {
          if (b.roundId !== round.roundId) return b;
          const done = demoSettle(b, round);
          credit += (done.win ?? 0) - (b.status === 'cashed_out' ? (b.win ?? 0) : 0);
          return done;
        });
        if (credit !== 0) setFunBalance((v) => (v + credit) as Cents);
        return next;
      });
    }
    onRound();
  }, [round, demo, onRound]);

  const act = async (slot: 1 | 2, work: () => Promise<void>, failed?: () => void) => {
    setBusy(true);
    setErrors((e) => ({ ...e, [slot]: null }));
    try {
      await work();
      onRound();
    } catch (failure) {
      const key = failure instanceof GameError ? CRASH_ERRORS[failure.code] : undefined;
      setErrors((e) => ({ ...e, [slot]: key ? tc(key) : roundErrorText(failure) }));
      failed?.();
    } finally {
      setBusy(false);
    }
  };

  const place = (slot: 1 | 2, stake: Cents, auto: number | null) =>
    act(slot, async () => {
      if (!round) return;
      if (!demo) return update(await realPlay.place(round.roundId, slot, stake, auto));
      if (stake > funBalance) throw new Error(tg('insufficientFunds'));
      setFunBalance((v) => (v - stake) as Cents);
      update({
        roundId: round.roundId,
        slot,
        stake,
        auto,
        status: 'open',
        cashOut: null,
        win: null,
      });
    });

  const cashOut = (slot: 1 | 2) =>
    act(
      slot,
      async () => {
        const bet = mine.find((b) => b.roundId === round?.roundId && b.slot === slot);
        if (!bet || !round) return;
        if (demo) {
          const done = demoCashOut(bet, round, Date.now());
          setFunBalance((v) => (v + (done.win ?? 0)) as Cents);
          update(done);
        } else {
          update(await realPlay.cashOut(bet));
        }
        sound('win');
      },
      () => sound('lose'),
    );

  if (!round && unreachable) {
    return (
      <div className={gameStyles.screen}>
        <p className={gameStyles.line} role="alert">
          {tc('unreachable')}
        </p>
      </div>
    );
  }

  // Auto cash-outs pushed by the server show at once; open bets of a crashed round are shown
  // judged by its crash point until the server's settlement is read.
  const crashPoints = new Map(recent.map((r) => [r.roundId, r.crashPoint]));
  if (round?.phase === 'crashed' && round.crashPoint !== null) {
    crashPoints.set(round.roundId, round.crashPoint);
  }
  const shown = mine.map((b) => {
    if (demo) return b;
    const push = cashOuts.find((c) => c.roundId === b.roundId && c.slot === b.slot);
    if (push && b.status === 'open') {
      return {
        ...b,
        status: 'cashed_out' as const,
        cashOut: Math.round(push.cashOut * 100),
        win: Math.round(push.win * 100) as Cents,
      };
    }
    return judgeOpen(b, crashPoints);
  });
  const slotBet = (slot: 1 | 2) =>
    shown.find((b) => b.roundId === round?.roundId && b.slot === slot) ?? null;
  return (
    <div className={gameStyles.screen}>
      {demo && (
        <p className={gameStyles.demoBalance} data-testid="demo-balance">
          {tg('funBalance')}: <strong>{money(funBalance)}</strong>
        </p>
      )}
      <RecentPoints recent={recent} />
      <CrashCurve reducedMotion={reduced}>
        <span data-testid="crash-round">
          {round ? tcf('round', { id: round.roundId }) : '\u00a0'}
        </span>
        {round?.phase === 'crashed' && round.serverSeed && (
          <Link
            to={`/fairness?game=crash&serverSeed=${round.serverSeed}&clientSeed=${round.clientSeed}&nonce=${round.roundId}`}
          >
            {tc('verify')}
          </Link>
        )}
      </CrashCurve>
      <div className={styles.panels}>
        {([1, 2] as const).map((slot) => (
          <BetPanel
            key={slot}
            slot={slot}
            limits={limits}
            bet={slotBet(slot)}
            busy={busy}
            error={errors[slot]}
            onBet={(s, st, a) => void place(s, st, a)}
            onCashOut={(s) => void cashOut(s)}
          />
        ))}
      </div>
      <CrashLists bets={bets} mine={shown} lite={lite} />
    </div>
  );
}
