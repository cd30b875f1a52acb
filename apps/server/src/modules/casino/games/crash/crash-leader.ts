import type { Db } from '../../../../db/database';
import { RoundLeader, type RoundLeaderOptions } from '../round-leader';
import type { CrashRounds } from './crash-rounds';

/** The advisory lock key of the instance that plays High Flyer's rounds ("crsh" in ASCII). */
export const CRASH_LOCK = 0x63727368;

/** High Flyer's rounds on one elected instance (ADR 190; the election is round-leader.ts). */
export function crashLeader(
  db: Db,
  rounds: CrashRounds,
  options: Omit<RoundLeaderOptions, 'lockKey' | 'name'>,
): RoundLeader {
  return new RoundLeader(db, rounds, { ...options, lockKey: CRASH_LOCK, name: 'crash' });
}
