/**
 * A counting semaphore with a bounded queue: at most `slots` holders at once, at most `queue` waiting behind them.
 * A caller beyond the queue, or one that waited `waitMs` without a turn, is refused with `refuse()`'s error.
 */
export class Gate {
  private holders = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most holders ever seen at once (tests read it). */
  peak = 0;

  constructor(
    readonly slots: number,
    readonly queue: number,
    private readonly refuse: () => Error,
    readonly waitMs = 30_000,
  ) {}

  get active() {
    return this.holders;
  }

  get queued() {
    return this.waiting.length;
  }

  /** Runs `fn` while holding a slot; the slot is given back however `fn` ends. */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await fn();
    } finally {
      this.leave();
    }
  }

  private take() {
    this.holders += 1;
    this.peak = Math.max(this.peak, this.holders);
  }

  private enter(): Promise<void> {
    if (this.holders < this.slots) {
      this.take();
      return Promise.resolve();
    }
    if (this.waiting.length >= this.queue) return Promise.reject(this.refuse());
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        this.take();
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(this.refuse());
      }, this.waitMs);
      timer.unref();
      this.waiting.push(turn);
    });
  }

  private leave() {
    this.holders -= 1;
    this.waiting.shift()?.();
  }
}
