import { randomBytes } from 'node:crypto';
import type { RevealedSeedPair, SeedsResponse } from '@dau/contracts/casino/games';
import { hashServerSeed, type RoundSeed } from '@dau/domain/games/fairness';
import type { AppDeps } from '../../../app-types';
import type { DbOrTx, Tx } from '../../../db/database';
import { AppError } from '../../../errors/app-error';
import { hasMinesInPlay } from './mines.repository';
import {
  activePair,
  insertPair,
  lastRevealedPair,
  pairByHash,
  revealActivePair,
  takeNonce,
  type SeedPairRow,
} from './seeds.repository';

/** 32 random bytes as 64 hex digits (ADR 170). */
export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

/** A first client seed until the player sets their own. */
function defaultClientSeed(): string {
  return randomBytes(8).toString('hex');
}

export interface TakenRound {
  pairId: number;
  seed: RoundSeed;
  serverSeedHash: string;
}

function revealed(row: SeedPairRow): RevealedSeedPair {
  return {
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    serverSeed: row.revealed_at ? row.server_seed : null,
    createdAt: row.created_at.toISOString(),
    revealedAt: row.revealed_at ? row.revealed_at.toISOString() : null,
  };
}

/**
 * Players' seed pairs (docs/decisions/170): the server seed stays secret (only its hash is
 * shown) until the player rotates the pair; every round takes the next nonce.
 */
export class SeedService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'now'>) {}

  private async ensurePair(db: DbOrTx, userId: number, clientSeed?: string): Promise<void> {
    const serverSeed = newServerSeed();
    await insertPair(db, {
      userId,
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      clientSeed: clientSeed ?? defaultClientSeed(),
    });
  }

  async current(userId: number): Promise<SeedsResponse> {
    let pair = await activePair(this.deps.db, userId);
    if (!pair) {
      await this.ensurePair(this.deps.db, userId);
      pair = await activePair(this.deps.db, userId);
    }
    if (!pair) throw new AppError('CONFLICT', 'The seed pair changed; please try again.');
    const previous = await lastRevealedPair(this.deps.db, userId);
    return {
      serverSeedHash: pair.server_seed_hash,
      clientSeed: pair.client_seed,
      nonce: pair.nonce,
      previous: previous ? revealed(previous) : null,
    };
  }

  /**
   * Reveals the pair in play and starts a new one (with `clientSeed`, or the old client seed).
   * Refused while a Mines round is in play: its mines come from the current seed.
   */
  async rotate(userId: number, clientSeed?: string): Promise<SeedsResponse> {
    await this.deps.db.transaction().execute(async (tx) => {
      // The update waits for any round still taking a nonce of this pair (row lock).
      const old = await revealActivePair(tx, userId, this.deps.now());
      if (await hasMinesInPlay(tx, userId)) {
        throw new AppError('CONFLICT', [
          {
            code: 'MINES_ROUND_IN_PLAY',
            message: 'Finish your Mines round before changing seeds.',
          },
        ]);
      }
      await this.ensurePair(tx, userId, clientSeed ?? old?.client_seed);
    });
    return this.current(userId);
  }

  async byHash(userId: number, hash: string): Promise<RevealedSeedPair> {
    const pair = await pairByHash(this.deps.db, userId, hash.toLowerCase());
    if (!pair) throw new AppError('NOT_FOUND', 'No seed pair of yours has this hash.');
    return revealed(pair);
  }

  /** The seed of the player's next round, inside the caller's transaction. */
  async take(tx: Tx, userId: number): Promise<TakenRound> {
    let pair = await takeNonce(tx, userId);
    if (!pair) {
      await this.ensurePair(tx, userId);
      pair = await takeNonce(tx, userId);
    }
    if (!pair) throw new AppError('CONFLICT', 'The seed pair changed; please try again.');
    return {
      pairId: pair.id,
      seed: { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce },
      serverSeedHash: pair.server_seed_hash,
    };
  }
}
