/**
 * The timer loop of a game that plays shared rounds on the leading instance (Roulette, High
 * Flyer, virtual football): `tick` does the round's next step and says how long to wait before
 * the following one; a failed tick is reported and retried after `retryMs`. `stop` waits for the
 * tick in flight, so a leader hands over only between steps.
 */
export class TickLoop {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private ticking: Promise<void> | null = null;

  constructor(
    private readonly tick: () => Promise<number>,
    private readonly onError: (err: unknown) => void,
    private readonly retryMs = 1_000,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const loop = () => {
      if (!this.running) return;
      this.ticking = this.tick()
        .then((wait) => {
          if (this.running) this.timer = setTimeout(loop, wait);
        })
        .catch((err: unknown) => {
          this.onError(err);
          if (this.running) this.timer = setTimeout(loop, this.retryMs);
        });
    };
    loop();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.ticking?.catch(() => undefined);
  }
}
