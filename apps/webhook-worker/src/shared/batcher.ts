/**
 * Coalesces calls made while other jobs run into one call of `run` (DataLoader style): items
 * queued in the same turn of the event loop, up to `maxBatch`, go together. Each caller gets
 * its own result or the batch's error. Delivery jobs run 200 at a time per worker, so this
 * turns 50 round trips into one. With `lingerMs`, a batch also waits that long for more items
 * (fewer, larger statements: Postgres plans each statement afresh, whatever its row count).
 */
export class Batcher<In, Out> {
  private pending: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly run: (inputs: In[]) => Promise<Out[]>,
    private readonly maxBatch = 200,
    private readonly lingerMs = 0,
  ) {}

  call(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.pending.length >= this.maxBatch) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        if (this.lingerMs > 0) setTimeout(() => this.flush(), this.lingerMs);
        else setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.run(batch.map((b) => b.input)).then(
      (outs) => batch.forEach((b, i) => b.resolve(outs[i])),
      (error: unknown) => batch.forEach((b) => b.reject(error)),
    );
  }
}
