import { rooms } from '@dau/contracts/realtime';
import type { AppDeps } from '../../app-types';
import type { ConnectionHandler } from '../../realtime/socket-server';
import type { JackpotTicketsService } from './jackpot-tickets.service';

/** A round's prizes reach the page at most this often while tickets sell (the latest wins). */
export const JACKPOT_PRIZES_PUSH_MS = 1_000;

/**
 * Live prizes of the open sports jackpot rounds (ADR 221): after a ticket is bought, the round's
 * prizes (each tier's guarantee or its share of the stakes, whichever is larger) are read again
 * and pushed as `SportsJackpotPrizes` to the sockets in the sports jackpots room, at most once a
 * `JACKPOT_PRIZES_PUSH_MS` per round. The instance that sold the ticket pushes; the Redis adapter
 * reaches the room's sockets on every instance.
 */
export class JackpotPrizePusher {
  private readonly rounds = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly tickets: JackpotTicketsService,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** A ticket of this round was bought (after its commit). */
  roundChanged(roundId: number): void {
    this.rounds.add(roundId);
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), JACKPOT_PRIZES_PUSH_MS);
    this.timer.unref();
  }

  /** Pushes the prizes of the rounds that sold since the last push (tests call it). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
    if (this.rounds.size === 0) return;
    const ids = [...this.rounds];
    this.rounds.clear();
    this.running = this.tickets
      .prizes(ids)
      .then((pushes) => {
        for (const push of pushes) {
          this.deps.realtime.toRoom(rooms.sportsJackpots, 'SportsJackpotPrizes', push);
        }
      })
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.running) await this.running;
  }
}

/** `JoinSportsJackpots` joins the sports jackpots room; `LeaveSportsJackpots` leaves it. */
export function jackpotSubscriptions(): ConnectionHandler {
  return (socket) => {
    socket.on('JoinSportsJackpots', () => {
      void socket.join(rooms.sportsJackpots);
    });
    socket.on('LeaveSportsJackpots', () => {
      void socket.leave(rooms.sportsJackpots);
    });
  };
}
