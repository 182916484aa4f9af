import DataLoader from 'dataloader';

export interface BatchLoaderOptions {
  /** Most items one call of `run` gets. */
  maxBatch?: number;
  /**
   * 0: the calls made while the event loop serves one round of I/O go together (the batch runs on
   * `setImmediate`, after the callbacks of that round). Above 0: the batch also waits this long for
   * more (fewer, larger statements: Postgres plans each statement afresh, whatever its row count).
   */
  lingerMs?: number;
}

/**
 * A DataLoader that batches and never caches: every `load` is its own item (the same key twice is
 * asked twice, and a load always reads afresh), each caller gets its own result or the batch's
 * error. Delivery jobs run 200 at a time per worker, so this turns 50 round trips into one.
 */
export function batchLoader<In, Out>(
  run: (inputs: readonly In[]) => Promise<Out[]>,
  options: BatchLoaderOptions = {},
): DataLoader<In, Out> {
  const lingerMs = options.lingerMs ?? 0;
  return new DataLoader<In, Out>(run, {
    cache: false,
    maxBatchSize: options.maxBatch ?? 200,
    batchScheduleFn: lingerMs > 0 ? (go) => setTimeout(go, lingerMs) : (go) => setImmediate(go),
  });
}
