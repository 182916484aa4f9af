import { Readable } from 'node:stream';
import { getMetricsFromStream } from 'prom2javascript';

/** One sample of a scrape: counters and gauges carry `value`; histograms and summaries `count` and `sum`. */
export interface ScrapedSample {
  labels: Record<string, string>;
  value?: number;
  count?: number;
  sum?: number;
}
export interface ScrapedFamily {
  name: string;
  type: string;
  samples: ScrapedSample[];
}

// prom2javascript reads finite numbers and +Inf only, but `NaN` (any case) and `-Inf` are legal
// sample values too: prom-client writes `Nan` for an event-loop gauge scraped twice within one
// sampling window. They travel through the parser as sentinels no exporter writes.
const SPECIAL_VALUES: [RegExp, string, number][] = [
  [/^nan$/i, '-7.77e-307', Number.NaN],
  [/^-inf$/i, '-7.78e-307', Number.NEGATIVE_INFINITY],
];
const SENTINELS = new Map(SPECIAL_VALUES.map(([, sentinel, value]) => [parseFloat(sentinel), value]));

function withSentinels(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const match = /^([^#\s][^{\s]*(?:\{.*\})?\s+)(\S+)(\s+-?\d+)?\s*$/.exec(line);
      const special = match && SPECIAL_VALUES.find(([re]) => re.test(match[2]));
      return special ? `${match[1]}${special[1]}${match[3] ?? ''}` : line;
    })
    .join('\n');
}

const restored = (value: number | undefined) => (value !== undefined && SENTINELS.has(value) ? SENTINELS.get(value) : value);

/** GETs a Prometheus endpoint and parses it with a real text-format parser (prom2javascript). */
export async function scrape(url: string): Promise<Map<string, ScrapedFamily>> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  const families = await getMetricsFromStream(Readable.from([withSentinels(await res.text())]));
  return new Map(
    Object.entries(families).map(([name, f]) => [
      name,
      {
        name,
        type: f.type,
        samples: (f.data as ScrapedSample[]).map(({ labels, value, count, sum }) => ({
          labels,
          value: restored(value),
          count,
          sum: restored(sum),
        })),
      },
    ]),
  );
}

/** The sample of `name` whose labels include `labels` (undefined when there is none). */
export function sampleOf(
  families: Map<string, ScrapedFamily>,
  name: string,
  labels: Record<string, string> = {},
): ScrapedSample | undefined {
  return families.get(name)?.samples.find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** Sum of the values (or histogram counts) of `name` over the samples whose labels include `labels`. */
export function total(families: Map<string, ScrapedFamily>, name: string, labels: Record<string, string> = {}): number {
  return (families.get(name)?.samples ?? [])
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + (s.value ?? s.count ?? 0), 0);
}

const ID_LIKE = [
  /0x[0-9a-fA-F]{8,}/, // addresses, hashes
  /[0-9A-HJKMNP-TV-Z]{26}/, // ULIDs
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i, // UUIDs
  /[0-9a-fA-F]{16,}/, // long hex (keys, references)
  /\/[^/:]*\d{3,}[^/]*/, // a path segment carrying a number or an id
];

/**
 * Label values that would make cardinality unbounded: ids, addresses, hashes, raw paths. A
 * `route` label must be a route template (`/v2/request/:requestId`) or `unmatched`; no other
 * label may hold a path at all.
 */
export function unboundedLabels(families: Map<string, ScrapedFamily>): string[] {
  const problems: string[] = [];
  for (const family of families.values()) {
    for (const sample of family.samples) {
      for (const [label, value] of Object.entries(sample.labels)) {
        if (label === 'le' || label === 'quantile') continue;
        const where = `${family.name}{${label}="${value}"}`;
        if (ID_LIKE.some((re) => re.test(value))) problems.push(`${where}: looks like an id, address or raw path`);
        if (label !== 'route' && value.includes('/')) problems.push(`${where}: a path outside the route label`);
        if (label === 'route' && value !== 'unmatched' && !value.startsWith('/')) problems.push(`${where}: not a route template`);
      }
    }
  }
  return problems;
}
