import { isValidDiceBet } from '@dau/domain/games/dice';
import { hashServerSeed, isClientSeed } from '@dau/domain/games/fairness';
import { isValidKenoPicks } from '@dau/domain/games/keno';
import { isValidMineCount } from '@dau/domain/games/mines';
import { isPlinkoRisk, isPlinkoRows } from '@dau/domain/games/plinko';
import { replayRound, type ReplayedRound, type RoundInput } from '@dau/domain/games/replay';

/**
 * The /fairness page's check (issue #13 item 4), pure so it is tested without a browser: from a
 * revealed server seed, the client seed, the nonce and the bet, it recomputes the round with
 * the same domain functions the server's engines use.
 */
export interface VerifyForm {
  game: RoundInput['game'];
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** The hash shown before play, when known: the seed must match it. */
  expectedHash: string;
  diceTarget: string;
  diceDirection: 'under' | 'over';
  mines: string;
  plinkoRows: string;
  plinkoRisk: string;
  kenoPicks: string;
}

export type VerifyProblem =
  'serverSeed' | 'clientSeed' | 'nonce' | 'diceTarget' | 'mines' | 'plinko' | 'kenoPicks';

export type Verification =
  | { ok: false; problem: VerifyProblem }
  | {
      ok: true;
      hash: string;
      /** null when no expected hash was given. */
      hashMatches: boolean | null;
      outcome: ReplayedRound;
    };

export function emptyVerifyForm(): VerifyForm {
  return {
    game: 'dice',
    serverSeed: '',
    clientSeed: '',
    nonce: '0',
    expectedHash: '',
    diceTarget: '50.00',
    diceDirection: 'under',
    mines: '3',
    plinkoRows: '8',
    plinkoRisk: 'medium',
    kenoPicks: '',
  };
}

/** '1, 7 12' → [1, 7, 12]; anything else than numbers gives null. */
export function parsePicks(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.some((p) => !/^\d+$/.test(p))) return null;
  return parts.map(Number);
}

export function roundInputOf(form: VerifyForm): RoundInput | VerifyProblem {
  switch (form.game) {
    case 'dice': {
      const target = Math.round(Number(form.diceTarget) * 100);
      const bet = { target, direction: form.diceDirection };
      return Number.isFinite(target) && isValidDiceBet(bet) ? { game: 'dice', bet } : 'diceTarget';
    }
    case 'mines': {
      const mines = Number(form.mines);
      return isValidMineCount(mines) ? { game: 'mines', mines } : 'mines';
    }
    case 'plinko': {
      const rows = Number(form.plinkoRows);
      return isPlinkoRows(rows) && isPlinkoRisk(form.plinkoRisk)
        ? { game: 'plinko', rows, risk: form.plinkoRisk }
        : 'plinko';
    }
    case 'keno': {
      const picks = parsePicks(form.kenoPicks);
      return picks && isValidKenoPicks(picks) ? { game: 'keno', picks } : 'kenoPicks';
    }
    case 'scratch':
      return { game: 'scratch' };
    case 'roulette':
      return { game: 'roulette' };
    case 'crash':
      return { game: 'crash' };
  }
}

export function verifyRound(form: VerifyForm): Verification {
  const serverSeed = form.serverSeed.trim();
  const clientSeed = form.clientSeed.trim();
  if (serverSeed.length === 0) return { ok: false, problem: 'serverSeed' };
  if (!isClientSeed(clientSeed)) return { ok: false, problem: 'clientSeed' };
  if (!/^\d+$/.test(form.nonce.trim()) || !Number.isSafeInteger(Number(form.nonce))) {
    return { ok: false, problem: 'nonce' };
  }
  const input = roundInputOf(form);
  if (typeof input === 'string') return { ok: false, problem: input };
  const hash = hashServerSeed(serverSeed);
  const expected = form.expectedHash.trim().toLowerCase();
  const outcome = replayRound({ serverSeed, clientSeed, nonce: Number(form.nonce) }, input);
  return { ok: true, hash, hashMatches: expected ? expected === hash : null, outcome };
}

/** The form for a recorded round (from history or a revealed demo seed). */
export function formFromInput(
  input: RoundInput,
  seeds: { serverSeed: string; clientSeed: string; nonce: number; serverSeedHash?: string },
): VerifyForm {
  const form: VerifyForm = {
    ...emptyVerifyForm(),
    game: input.game,
    serverSeed: seeds.serverSeed,
    clientSeed: seeds.clientSeed,
    nonce: String(seeds.nonce),
    expectedHash: seeds.serverSeedHash ?? '',
  };
  switch (input.game) {
    case 'dice':
      return {
        ...form,
        diceTarget: (input.bet.target / 100).toFixed(2),
        diceDirection: input.bet.direction,
      };
    case 'mines':
      return { ...form, mines: String(input.mines) };
    case 'plinko':
      return { ...form, plinkoRows: String(input.rows), plinkoRisk: input.risk };
    case 'keno':
      return { ...form, kenoPicks: input.picks.join(', ') };
    default:
      return form;
  }
}

/** JSON with object keys sorted: the database may keep a recorded outcome's keys in any order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Two outcomes say the same thing (the recorded one and the recomputed one). */
export function sameOutcome(a: ReplayedRound, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
