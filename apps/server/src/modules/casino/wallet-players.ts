import { isSiteId, siteConfig, type SiteConfig } from '@dau/domain/sites';
import type { DbOrTx } from '../../db/database';
import { walletErrors } from './wallet-errors';
import { playerByExternalId, playerById } from './wallet.repository';

/**
 * The player a wallet call is for, with their site: a user's id, external id and site, which
 * never change once the user exists (nothing updates them), so they need no invalidation.
 * Whether the player may stake (status, breaks, self-exclusion) is not kept: the debit's own
 * statement reads it (migration 0885, docs/decisions/205).
 */
export type Player = {
  id: number;
  external_id: string;
  site_id: number;
  site: SiteConfig;
};

/** The player's row when the caller has just read it (the seam, by playerId): saves a read. */
export type KnownPlayer = Omit<Player, 'site'>;

/** How many players are kept; the oldest read is dropped past it. */
const KEPT = 20_000;

/** Players by id and by external id, read once per process. */
export class PlayerDirectory {
  private readonly byId = new Map<number, Player>();
  private readonly byExternalId = new Map<string, Player>();

  constructor(private readonly db: DbOrTx) {}

  private keep(row: KnownPlayer | undefined): Player | undefined {
    if (!row || !isSiteId(row.site_id)) return undefined;
    const player = { ...row, site: siteConfig(row.site_id) };
    if (this.byId.size >= KEPT) {
      const oldest = this.byId.values().next().value;
      if (oldest) {
        this.byId.delete(oldest.id);
        this.byExternalId.delete(oldest.external_id);
      }
    }
    this.byId.set(player.id, player);
    this.byExternalId.set(player.external_id, player);
    return player;
  }

  /** The player of a user id; UNKNOWN_PLAYER when there is none. */
  async of(userId: number, known?: KnownPlayer): Promise<Player> {
    const player =
      this.byId.get(userId) ??
      this.keep(known?.id === userId ? known : await playerById(this.db, userId));
    if (!player) throw walletErrors.unknownPlayer();
    return player;
  }

  /** The player of a provider's playerId (the user's external id); UNKNOWN_PLAYER when none. */
  async ofExternalId(externalId: string): Promise<Player> {
    const player =
      this.byExternalId.get(externalId) ?? this.keep(await playerByExternalId(this.db, externalId));
    if (!player) throw walletErrors.unknownPlayer();
    return player;
  }
}
