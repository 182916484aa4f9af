import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

/**
 * The one registry of a Payrail process: every `payrail_*` metric (names say their unit:
 * `_seconds`, `_blocks`, `_rows`; counters end in `_total`), plus Node's defaults (event loop
 * lag, heap, GC, CPU, file descriptors) under the same prefix. Served by the metrics server on
 * METRICS_PORT (never on the public API port). Labels take only bounded values: route
 * templates, methods, status classes, network names, outcomes; never ids, addresses or raw paths.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'payrail_' });

export type Labels<L extends string> = Partial<Record<L, string | number>>;
export interface Sample<L extends string> {
  labels: Labels<L>;
  value: number;
}

/**
 * A gauge whose values are read when Prometheus scrapes (queue depths, outbox backlog, chain
 * heads): the component that can read them registers a reader at start-up. No reader (another
 * app), or a reader that fails or stalls (database down): the gauge reports nothing this scrape
 * rather than failing the whole scrape.
 */
export class ScrapedGauge<L extends string> {
  private reader: (() => Promise<Sample<L>[]> | Sample<L>[]) | undefined;

  constructor(config: { name: string; help: string; labelNames: readonly L[] }) {
    const read = () => this.reader;
    new Gauge<L>({
      ...config,
      registers: [metricsRegistry],
      async collect() {
        this.reset();
        const reader = read();
        if (!reader) return;
        const samples = await withTimeout(Promise.resolve().then(reader), READ_TIMEOUT_MS).catch(() => []);
        for (const s of samples) this.set(s.labels, s.value);
      },
    });
  }

  /** Replaces the reader (one per process: the last component to register wins). */
  readFrom(reader: () => Promise<Sample<L>[]> | Sample<L>[]): void {
    this.reader = reader;
  }
}

/**
 * A counter kept by a component as a running total (per-replica detections, reorgs): read at
 * each scrape like ScrapedGauge; the total must only grow for the life of the process.
 */
export class ScrapedCounter<L extends string> {
  private reader: (() => Sample<L>[]) | undefined;

  constructor(config: { name: string; help: string; labelNames: readonly L[] }) {
    const read = () => this.reader;
    new Counter<L>({
      ...config,
      registers: [metricsRegistry],
      collect() {
        this.reset();
        for (const s of read()?.() ?? []) this.inc(s.labels, Math.max(0, s.value));
      },
    });
  }

  readFrom(reader: () => Sample<L>[]): void {
    this.reader = reader;
  }
}

const READ_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`metrics read timed out after ${ms} ms`)), ms).unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The name of every metric this process registers (the dashboard and alert tests check against it). */
export function registeredMetricNames(): string[] {
  return metricsRegistry.getMetricsAsArray().map((m) => m.name);
}
