import type { Cents } from '@dau/domain/money';
import { pocketColour, type RouletteBetKind } from '@dau/domain/games/roulette';
import { tg, tgf, type GameKey } from '../game-strings';
import styles from './roulette.module.css';
import { money } from './play-kit';

/** A bet on the board: its kind, the numbers it names (see rouletteBetNumbers) and its stake. */
export interface BoardBet {
  key: string;
  kind: RouletteBetKind;
  numbers: number[];
  stake: Cents;
}

interface Spot {
  key: string;
  kind: RouletteBetKind;
  numbers: number[];
  label: string;
  name: string;
}

const straight = (n: number): Spot => ({
  key: `straight:${n}`,
  kind: 'straight',
  numbers: [n],
  label: String(n),
  name: tgf('betStraight', { n }),
});

const outside = (kind: RouletteBetKind, text: GameKey, numbers: number[] = []): Spot => ({
  key: numbers.length ? `${kind}:${numbers.join(',')}` : kind,
  kind,
  numbers,
  label: tg(text),
  name: tg(text),
});

/** Adds `stake` to the bet on `spot` (a second tap stacks another chip). */
export function addChip(bets: readonly BoardBet[], spot: Omit<BoardBet, 'stake'>, stake: Cents) {
  const existing = bets.find((b) => b.key === spot.key);
  if (!existing) return [...bets, { ...spot, stake }];
  return bets.map((b) => (b.key === spot.key ? { ...b, stake: (b.stake + stake) as Cents } : b));
}

function Cell({
  spot,
  className,
  bets,
  disabled,
  winning,
  onBet,
}: {
  spot: Spot;
  className: string;
  bets: readonly BoardBet[];
  disabled: boolean;
  winning: boolean;
  onBet: (spot: Spot) => void;
}) {
  const stake = bets.find((b) => b.key === spot.key)?.stake;
  return (
    <button
      type="button"
      className={`${styles.cell} ${className} ${winning ? styles.cellWin : ''}`}
      disabled={disabled}
      aria-label={
        stake ? tgf('betWithStake', { name: spot.name, amount: money(stake) }) : spot.name
      }
      onClick={() => onBet(spot)}
    >
      {spot.label}
      {stake ? (
        <span className={styles.chip} aria-hidden="true">
          {Math.round(stake / 100)}
        </span>
      ) : null}
    </button>
  );
}

/**
 * The betting board in portrait: zero, 1-36 in rows of three, then dozens, columns and the
 * even-money bets. Inside bets other than single numbers are left to the desktop tables.
 */
export function RouletteBoard({
  bets,
  disabled,
  pocket,
  onBet,
}: {
  bets: readonly BoardBet[];
  disabled: boolean;
  pocket: number | null;
  onBet: (spot: Omit<BoardBet, 'stake'>) => void;
}) {
  const cell = (spot: Spot, className: string, winning = false) => (
    <Cell
      key={spot.key}
      spot={spot}
      className={className}
      bets={bets}
      disabled={disabled}
      winning={winning}
      onBet={onBet}
    />
  );
  const numbers = Array.from({ length: 36 }, (_, i) => i + 1);
  const colourClass = (n: number) =>
    pocketColour(n) === 'red'
      ? styles.cellRed
      : pocketColour(n) === 'black'
        ? styles.cellBlack
        : styles.cellGreen;
  return (
    <div role="group" aria-label={tg('rouletteBoard')}>
      <div className={styles.board}>
        {cell(straight(0), styles.cellGreen ?? '', pocket === 0)}
        {numbers.map((n) => cell(straight(n), colourClass(n) ?? '', pocket === n))}
      </div>
      <div className={styles.outside}>
        {cell(outside('dozen', 'dozen1', [1]), styles.cellOutside ?? '')}
        {cell(outside('dozen', 'dozen2', [2]), styles.cellOutside ?? '')}
        {cell(outside('dozen', 'dozen3', [3]), styles.cellOutside ?? '')}
        {cell(outside('column', 'column1', [1]), styles.cellOutside ?? '')}
        {cell(outside('column', 'column2', [2]), styles.cellOutside ?? '')}
        {cell(outside('column', 'column3', [3]), styles.cellOutside ?? '')}
      </div>
      <div className={styles.outside2}>
        {cell(outside('low', 'betLow'), styles.cellOutside ?? '')}
        {cell(outside('high', 'betHigh'), styles.cellOutside ?? '')}
        {cell(outside('even', 'betEven'), styles.cellOutside ?? '')}
        {cell(outside('odd', 'betOdd'), styles.cellOutside ?? '')}
        {cell(outside('red', 'betRed'), styles.cellRed ?? '')}
        {cell(outside('black', 'betBlack'), styles.cellBlack ?? '')}
      </div>
    </div>
  );
}
