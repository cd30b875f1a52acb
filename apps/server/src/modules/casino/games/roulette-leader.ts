import type { Db } from '../../../db/database';
import { RoundLeader, type RoundLeaderOptions } from './round-leader';
import type { RouletteService } from './roulette.service';

/** The advisory lock key of the instance that plays Roulette's rounds ("roul" in ASCII). */
export const ROULETTE_LOCK = 0x726f756c;

/** Roulette's rounds on one elected instance (ADR 172; the election is round-leader.ts). */
export function rouletteLeader(
  db: Db,
  roulette: RouletteService,
  options: Omit<RoundLeaderOptions, 'lockKey' | 'name'>,
): RoundLeader {
  return new RoundLeader(db, roulette, { ...options, lockKey: ROULETTE_LOCK, name: 'roulette' });
}
