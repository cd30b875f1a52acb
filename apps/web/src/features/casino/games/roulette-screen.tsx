import { multiplier, payoutCents } from '@dau/domain/games/payout';
import { pocketColour, settleRouletteBet, type RouletteColour } from '@dau/domain/games/roulette';
import type { Cents } from '@dau/domain/money';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { tg, tgf, type GameKey } from '../game-strings';
import { useRouletteFeed } from '../session/roulette-feed';
import styles from './games.module.css';
import { DemoBalance, money, RoundLine, roundErrorText, StakeField, useStake } from './play-kit';
import { addChip, RouletteBoard, type BoardBet } from './roulette-board';
import wheelStyles from './roulette.module.css';
import { RouletteWheel } from './roulette-wheel';
import type { GameScreenProps } from './screen-props';

const COLOUR_TEXT: Record<RouletteColour, GameKey> = {
  red: 'colourRed',
  black: 'colourBlack',
  green: 'colourGreen',
};

/** Seconds left to bet, redrawn four times a second (the clock is read in an effect). */
function useSecondsLeft(closesAt: number | null): number | null {
  const [left, setLeft] = useState<{ at: number; seconds: number } | null>(null);
  useEffect(() => {
    if (closesAt === null) return;
    const tick = () =>
      setLeft({ at: closesAt, seconds: Math.max(0, Math.ceil((closesAt - Date.now()) / 1000)) });
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 250);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [closesAt]);
  return left && left.at === closesAt ? left.seconds : null;
}

/** What a set of bets won on `pocket` (the same domain rule the server settles with). */
export function rouletteWin(bets: readonly BoardBet[], pocket: number): Cents {
  return bets.reduce(
    (sum, bet) =>
      (sum + payoutCents(bet.stake, settleRouletteBet(bet.kind, bet.numbers, pocket))) as Cents,
    0 as Cents,
  );
}

/**
 * Roulette: shared live RNG rounds about every 30 s for all players, with a countdown and an
 * animated wheel; no video dealer is involved (issue #13 item 4).
 */
export function RouletteScreen({ session, limits, sound, onRound }: GameScreenProps) {
  const stake = useStake(limits);
  const { round, recent, unreachable } = useRouletteFeed();
  const [draft, setDraft] = useState<BoardBet[]>([]);
  const [placed, setPlaced] = useState<{ roundId: string; bets: BoardBet[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(round?.phase === 'betting' ? round.bettingClosesAt : null);

  useEffect(() => session.rouletteWatch(), [session]);

  const mine = useMemo(
    () => (placed && round && placed.roundId === round.roundId ? placed.bets : []),
    [placed, round],
  );
  const settled = round?.phase === 'settled' && round.pocket !== null;
  const result = useMemo(() => {
    if (!settled || mine.length === 0 || round?.pocket == null) return null;
    const total = mine.reduce((s, b) => s + b.stake, 0) as Cents;
    const win = rouletteWin(mine, round.pocket);
    return { stake: total, win, multiplier: multiplier(Math.floor((win * 10_000) / total)) };
  }, [settled, mine, round?.pocket]);

  // Each settled round is announced once (sound, balances), whatever redraws follow.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!result || !round || announced.current === round.roundId) return;
    announced.current = round.roundId;
    sound(result.win > 0 ? 'win' : 'lose');
    onRound();
  }, [result, round, sound, onRound]);

  const canBet = round?.phase === 'betting' && (secondsLeft ?? 0) > 0 && !busy;
  const draftTotal = draft.reduce((s, b) => s + b.stake, 0) as Cents;

  const place = async () => {
    if (!round || draft.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      await session.roulettePlace(round.roundId, draft);
      setPlaced((old) => ({
        roundId: round.roundId,
        bets: old?.roundId === round.roundId ? [...old.bets, ...draft] : draft,
      }));
      setDraft([]);
      onRound();
    } catch (failure) {
      setError(roundErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  if (!round && unreachable) {
    return (
      <div className={styles.screen}>
        <p className={styles.line} role="alert">
          {tg('rouletteClosed')}
        </p>
        <Link className={styles.primary} to="/casino">
          {tg('otherGamesLink')}
        </Link>
      </div>
    );
  }

  let status: string;
  if (!round) status = tg('rouletteConnecting');
  else if (round.phase === 'betting') status = tg('placeYourBets');
  else if (round.phase === 'spinning') status = tg('noMoreBets');
  else {
    const pocket = round.pocket ?? 0;
    status = tgf('rouletteResult', { pocket, colour: tg(COLOUR_TEXT[pocketColour(pocket)]) });
  }

  return (
    <div className={styles.screen}>
      <DemoBalance session={session} />
      <p className={wheelStyles.status} aria-live="polite" data-testid="roulette-status">
        <span>{status}</span>
        {round?.phase === 'betting' && secondsLeft !== null && (
          <span
            className={wheelStyles.countdown}
            aria-label={tgf('secondsLeft', { n: secondsLeft })}
          >
            {secondsLeft}s
          </span>
        )}
      </p>
      <RouletteWheel
        pocket={settled ? (round?.pocket ?? null) : null}
        spinning={round?.phase === 'spinning'}
      />
      {round && (
        <p className={styles.figures} data-testid="roulette-round">
          {tgf('rouletteRoundId', { id: round.roundId })}
        </p>
      )}
      {recent.length > 0 && (
        <ol className={wheelStyles.recent} aria-label={tg('lastPockets')}>
          {recent.map((pocket, i) => (
            <li key={i} className={wheelStyles[`recent-${pocketColour(pocket)}`]}>
              {pocket}
            </li>
          ))}
        </ol>
      )}
      <RoundLine result={result} error={error} />
      <div className={styles.controls}>
        <StakeField stake={stake} limits={limits} disabled={!canBet} />
        <RouletteBoard
          bets={[...mine, ...draft]}
          disabled={!canBet || stake.cents === null}
          pocket={settled ? (round?.pocket ?? null) : null}
          onBet={(spot) =>
            stake.cents !== null && setDraft((old) => addChip(old, spot, stake.cents!))
          }
        />
        <div className={styles.buttonRow}>
          <button
            type="button"
            className={styles.secondary}
            disabled={draft.length === 0 || busy}
            onClick={() => setDraft([])}
          >
            {tg('clearBets')}
          </button>
          <button
            type="button"
            className={styles.primary}
            disabled={!canBet || draft.length === 0}
            onClick={() => void place()}
          >
            {draft.length > 0
              ? tgf('placeBets', { amount: money(draftTotal) })
              : tg('placeBetsEmpty')}
          </button>
        </div>
        {mine.length > 0 && (
          <p className={styles.figures}>
            {tgf('betsPlaced', { amount: money(mine.reduce((s, b) => s + b.stake, 0) as Cents) })}
          </p>
        )}
      </div>
    </div>
  );
}
