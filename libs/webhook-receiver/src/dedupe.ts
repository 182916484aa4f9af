/**
 * Where a receiver remembers the deliveries it handled (deliveries may repeat: at least once).
 * `claim` answers true for the first caller of an id and false while the id is remembered;
 * `release` forgets an id whose handling failed, so the sender's retry is handled again.
 * Use a table with a unique key (or Redis SET NX) when the receiver runs more than one process.
 */
export interface DeliveryDedupe {
  claim(id: string): boolean | Promise<boolean>;
  release(id: string): void | Promise<void>;
}

/**
 * In-memory dedupe for one process: an id is remembered for `ttlMs` (default 24 h, longer than
 * any retry schedule of a delivery's round), at most `maxEntries` ids (oldest forgotten first).
 */
export class MemoryDedupe implements DeliveryDedupe {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 24 * 3600 * 1000,
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  claim(id: string): boolean {
    const at = this.now();
    this.expire(at);
    if (this.seen.has(id)) return false;
    this.seen.set(id, at);
    if (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value!);
    return true;
  }

  release(id: string): void {
    this.seen.delete(id);
  }

  /** Insertion order is age order: drop from the front while too old. */
  private expire(at: number): void {
    for (const [id, since] of this.seen) {
      if (at - since <= this.ttlMs) break;
      this.seen.delete(id);
    }
  }
}
