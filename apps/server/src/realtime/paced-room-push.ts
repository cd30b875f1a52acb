/** What the pacing needs of the Socket.IO server: a room's members, and a local emit. */
export interface PacedIo {
  of(namespace: '/'): { adapter: { rooms: Map<string, Set<string>> } };
  local: { to(rooms: string[]): { emit(event: never, ...args: never[]): boolean } };
}

/** Sockets written in one turn of the event loop (about 3 ms of `writev` on this host). */
export const PACED_SLICE = 100;

/** One paced push: the room, the event and its arguments. */
export interface PacedPush {
  room: string;
  event: string;
  args: unknown[];
}

/**
 * Pushes to a crowded room of this instance, written to its sockets a slice at a time with a
 * turn of the event loop between slices (decision 191). A push to a thousand sockets is a
 * thousand socket writes, ~30 ms of the loop on this host, during which no request is read: a
 * High Flyer cash-out arriving then waited for the whole list push. Paced, it waits for one slice.
 * Pushes go out in the order they were made: the next one starts when the last slice of the one
 * before is written. The room's members are taken when its push starts; a socket that joins
 * after that misses it, as it would have missed a push made before it joined.
 */
export class PacedRoomPush {
  private readonly jobs: PacedPush[] = [];
  private current: { job: PacedPush; ids: string[]; at: number } | null = null;
  private scheduled = false;

  constructor(
    private readonly io: () => PacedIo | null,
    private readonly slice = PACED_SLICE,
  ) {}

  push(room: string, event: string, args: unknown[]): void {
    this.jobs.push({ room, event, args });
    if (!this.scheduled) this.write();
  }

  /** Pushes not yet written to every socket (for tests). */
  get pending(): number {
    return this.jobs.length + (this.current ? 1 : 0);
  }

  private readonly write = (): void => {
    this.scheduled = false;
    const io = this.io();
    if (!io) {
      this.jobs.length = 0;
      this.current = null;
      return;
    }
    let written = 0;
    for (;;) {
      if (!this.current) {
        const job = this.jobs.shift();
        if (!job) return;
        const members = io.of('/').adapter.rooms.get(job.room);
        this.current = { job, ids: members ? [...members] : [], at: 0 };
      }
      const { job, ids, at } = this.current;
      const slice = ids.slice(at, at + this.slice - written);
      if (slice.length > 0) {
        const operator = io.local.to(slice) as unknown as {
          emit(event: string, ...args: unknown[]): boolean;
        };
        operator.emit(job.event, ...job.args);
      }
      written += slice.length;
      this.current.at += slice.length;
      if (this.current.at >= ids.length) this.current = null;
      if (written >= this.slice) {
        this.scheduled = true;
        setImmediate(this.write);
        return;
      }
    }
  };
}
