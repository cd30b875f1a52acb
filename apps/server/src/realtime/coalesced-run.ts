/**
 * Runs a piece of work at most once per `delayMs` however often it is asked for, one run at a
 * time (the pushers of cash-out offers and jackpot prizes). `run` takes whatever has piled up
 * since the last run itself, so a request that arrives during a run is served by the next one.
 * `flush()` runs now (tests, shutdown); `close()` stops scheduling and waits for a run under way.
 */
export class CoalescedRun {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly delayMs: number,
    private readonly run: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Asks for a run within `delayMs` (nothing more when one is already asked for). */
  schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
    this.timer.unref();
  }

  /** Runs now, after the run under way if any. */
  async flush(): Promise<void> {
    this.cancel();
    while (this.running) await this.running;
    this.running = this.run()
      .catch(this.onError)
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancel();
    while (this.running) await this.running;
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
