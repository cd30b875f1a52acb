/** Runs wallet calls a few at a time, off the request that caused them. */
export class PayQueue {
  private running = 0;
  private readonly jobs: (() => Promise<void>)[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  push(job: () => Promise<void>): void {
    this.jobs.push(job);
    this.next();
  }

  private next(): void {
    while (this.running < this.concurrency && this.jobs.length > 0) {
      const job = this.jobs.shift() as () => Promise<void>;
      this.running += 1;
      void job().finally(() => {
        this.running -= 1;
        this.next();
      });
    }
    if (this.running === 0 && this.jobs.length === 0) {
      for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  idle(): Promise<void> {
    if (this.running === 0 && this.jobs.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}
