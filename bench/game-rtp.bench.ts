/**
 * RTP of Dau's six in-house games measured over simulated rounds (default 1 000 000 each, set
 * GAME_RTP_ROUNDS), each round played from a real seed pair through the same outcome functions
 * as the server and the /fairness page: a fresh random server seed per run, client seed
 * `rtp-bench`, nonces 0..N-1. The measured RTP (total paid / total staked) must lie within
 * 4 standard errors of the documented RTP; the standard error comes from each configuration's
 * exact payout distribution (σ / √N), so the tolerance is stated before the run. A game out of
 * tolerance sets a failing exit code. Maths: docs/decisions/171-game-maths-and-rtp.md.
 */
import { randomBytes } from 'node:crypto';
import {
  diceMultiplier,
  diceWinningOutcomes,
  playDice,
  DICE_OUTCOMES,
} from '@dau/domain/games/dice';
import type { RoundSeed } from '@dau/domain/games/fairness';
import { kenoHitProbability, kenoTable, playKeno } from '@dau/domain/games/keno';
import {
  minePositions,
  minesMultiplier,
  minesSurvival,
  revealTile,
  startMines,
  type MinesState,
} from '@dau/domain/games/mines';
import { playPlinko, plinkoProbabilities, plinkoTable } from '@dau/domain/games/plinko';
import {
  roulettePocket,
  rouletteBetNumbers,
  settleRouletteBet,
  type RouletteBetKind,
} from '@dau/domain/games/roulette';
import { playScratch, SCRATCH_SYMBOLS, SCRATCH_TICKETS } from '@dau/domain/games/scratch';

const ROUNDS = Number(process.env.GAME_RTP_ROUNDS ?? 1_000_000);
const TOLERANCE_SIGMAS = 4;

interface Simulation {
  game: string;
  config: string;
  /** Exact outcomes as [probability, multiplier as a decimal]. */
  distribution: [number, number][];
  /** Multiplier (decimal) of round `nonce`. */
  play: (seed: RoundSeed) => number;
}

const dice = { target: 5000, direction: 'under' as const };
const diceP = diceWinningOutcomes(dice) / DICE_OUTCOMES;

const MINES = 3;
const MINES_PICKS = [12, 6, 18, 0, 24];
const minesP = minesSurvival(MINES, MINES_PICKS.length);

const KENO_PICKS = [3, 7, 11, 15, 19, 23, 27, 31, 35, 39];

const ROULETTE_BETS: [RouletteBetKind, number[]][] = [
  ['straight', [17]],
  ['split', [17, 20]],
  ['street', [16, 17, 18]],
  ['corner', [17, 18, 20, 21]],
  ['line', [13, 14, 15, 16, 17, 18]],
  ['dozen', [2]],
  ['column', [2]],
  ['red', []],
  ['odd', []],
  ['low', []],
];

const simulations: Simulation[] = [
  {
    game: 'dice',
    config: 'under 50.00 (1.98×)',
    distribution: [
      [diceP, diceMultiplier(dice) / 10_000],
      [1 - diceP, 0],
    ],
    play: (seed) => playDice(seed, dice).multiplier / 10_000,
  },
  {
    game: 'mines',
    config: `${MINES} mines, cash out after ${MINES_PICKS.length} safe tiles`,
    distribution: [
      [minesP, minesMultiplier(MINES, MINES_PICKS.length) / 10_000],
      [1 - minesP, 0],
    ],
    play: (seed) => {
      const mines = minePositions(seed, MINES);
      let state: MinesState = startMines(MINES);
      for (const tile of MINES_PICKS) {
        const next = revealTile(state, mines, tile);
        if (typeof next === 'string') throw new Error(next);
        state = next;
        if (state.status === 'lost') return 0;
      }
      return minesMultiplier(MINES, state.revealed.length) / 10_000;
    },
  },
  {
    game: 'plinko',
    config: '12 rows, medium risk',
    distribution: plinkoProbabilities(12).map((p, k) => [
      p,
      (plinkoTable(12, 'medium')[k] ?? 0) / 10_000,
    ]),
    play: (seed) => playPlinko(seed, 12, 'medium').multiplier / 10_000,
  },
  {
    game: 'scratch',
    config: 'one card',
    distribution: [
      ...SCRATCH_SYMBOLS.map((s): [number, number] => [s.tickets / SCRATCH_TICKETS, s.prize]),
      [1 - SCRATCH_SYMBOLS.reduce((sum, s) => sum + s.tickets, 0) / SCRATCH_TICKETS, 0],
    ],
    play: (seed) => playScratch(seed).multiplier / 10_000,
  },
  {
    game: 'keno',
    config: '10 picks',
    distribution: kenoTable(10).map((m, hits) => [kenoHitProbability(10, hits), m / 10_000]),
    play: (seed) => playKeno(seed, KENO_PICKS).multiplier / 10_000,
  },
  {
    game: 'roulette',
    config: 'one bet per round, cycling straight … low',
    // A round-robin of bets: each bet's exact distribution, weighted equally.
    distribution: ROULETTE_BETS.flatMap(([kind, numbers]): [number, number][] => {
      const n = rouletteBetNumbers(kind, numbers)?.length ?? 1;
      const w = 1 / ROULETTE_BETS.length;
      return [
        [(w * n) / 37, 36 / n],
        [(w * (37 - n)) / 37, 0],
      ];
    }),
    play: (seed) => {
      const [kind, numbers] = ROULETTE_BETS[seed.nonce % ROULETTE_BETS.length] as [
        RouletteBetKind,
        number[],
      ];
      return settleRouletteBet(kind, numbers, roulettePocket(seed)) / 10_000;
    },
  },
];

const rows = [];
let failed = false;
for (const sim of simulations) {
  const mean = sim.distribution.reduce((s, [p, m]) => s + p * m, 0);
  const second = sim.distribution.reduce((s, [p, m]) => s + p * m * m, 0);
  const sigma = Math.sqrt(second - mean * mean);
  const tolerance = (TOLERANCE_SIGMAS * sigma) / Math.sqrt(ROUNDS);
  const serverSeed = randomBytes(32).toString('hex');
  const started = performance.now();
  let paid = 0;
  for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
    paid += sim.play({ serverSeed, clientSeed: 'rtp-bench', nonce });
  }
  const seconds = (performance.now() - started) / 1000;
  const measured = paid / ROUNDS;
  const within = Math.abs(measured - mean) <= tolerance;
  failed ||= !within;
  rows.push({
    game: sim.game,
    config: sim.config,
    rounds: ROUNDS,
    documentedRtp: Number((mean * 100).toFixed(4)),
    measuredRtp: Number((measured * 100).toFixed(4)),
    tolerancePct: Number((tolerance * 100).toFixed(4)),
    within,
    roundsPerSecond: Math.round(ROUNDS / seconds),
    serverSeed,
  });
  process.stdout.write(
    `${sim.game}: ${(measured * 100).toFixed(3)} % (documented ${(mean * 100).toFixed(3)} % ± ${(tolerance * 100).toFixed(3)})\n`,
  );
}
process.stdout.write(
  `${JSON.stringify({ benchmark: 'In-house game RTP over simulated rounds', rows }, null, 2)}\n`,
);
if (failed) process.exitCode = 1;
