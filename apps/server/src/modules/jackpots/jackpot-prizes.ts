import { rooms } from '@dau/contracts/realtime';
import type { AppDeps } from '../../app-types';
import { CoalescedRun } from '../../realtime/coalesced-run';
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
  private readonly pushes: CoalescedRun;

  constructor(
    private readonly deps: AppDeps,
    private readonly tickets: JackpotTicketsService,
    onError: (err: unknown) => void,
  ) {
    this.pushes = new CoalescedRun(JACKPOT_PRIZES_PUSH_MS, () => this.push(), onError);
  }

  /** A ticket of this round was bought (after its commit). */
  roundChanged(roundId: number): void {
    this.rounds.add(roundId);
    this.pushes.schedule();
  }

  /** Pushes the prizes of the rounds that sold since the last push (tests call it). */
  flush(): Promise<void> {
    return this.pushes.flush();
  }

  close(): Promise<void> {
    return this.pushes.close();
  }

  private async push(): Promise<void> {
    if (this.rounds.size === 0) return;
    const ids = [...this.rounds];
    this.rounds.clear();
    for (const push of await this.tickets.prizes(ids)) {
      this.deps.realtime.toRoom(rooms.sportsJackpots, 'SportsJackpotPrizes', push);
    }
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
