import { get, type IncomingMessage } from 'node:http';
import { percentile } from './bench-run.js';

// What bench:export measures beside the export itself (issue #29 item 7): the request pool stays
// usable while the most exports a replica admits run, and the ones beyond are refused at once.

/** p50 and p99 of latencies in ms. */
export interface Latency {
  p50: number;
  p99: number;
  count: number;
}

export function latencyOf(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: sorted.length };
}

/** One GET /v2/requests?limit=20 (a cheap authenticated read on the request pool): its time in ms. */
export async function cheapRead(url: string, apiKey: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/v2/requests?limit=20`, { headers: { 'x-api-key': apiKey } });
  const body = (await res.json()) as { data?: unknown[] };
  if (res.status !== 200 || !Array.isArray(body.data) || body.data.length !== 20)
    throw new Error(`cheap read answered ${res.status}: ${JSON.stringify(body).slice(0, 200)}`);
  return performance.now() - started;
}

/**
 * `count` cheap reads one at a time; with `while_`, only reads that started and ended while it
 * held are kept (reads made in a gap between exports do not count), up to `limitMs` in all.
 */
export async function cheapReads(url: string, apiKey: string, count: number, while_?: () => boolean, limitMs = 300_000): Promise<number[]> {
  const samples: number[] = [];
  const deadline = performance.now() + limitMs;
  while (samples.length < count) {
    if (performance.now() > deadline) throw new Error(`only ${samples.length} of ${count} reads were made while the exports ran`);
    const inside = while_?.() ?? true;
    const ms = await cheapRead(url, apiKey);
    if (inside && (while_?.() ?? true)) samples.push(ms);
    else await new Promise((r) => setTimeout(r, 1));
  }
  return samples;
}

/** An export whose client stops reading after the headers (the server fills the socket, then waits). */
export function heldExport(url: string, apiKey: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = get(`${url}/v2/requests/export`, { headers: { 'x-api-key': apiKey } }, (res) => {
      res.pause();
      if (res.statusCode !== 200) reject(new Error(`held export answered ${res.statusCode}`));
      else resolve(res);
    });
    req.on('error', reject);
  });
}

/** An export beyond the caps: its time to the 429 (with Retry-After), in ms; throws on any other answer. */
export async function refusedExport(url: string, apiKey: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/v2/requests/export`, { headers: { 'x-api-key': apiKey } });
  const text = await res.text();
  if (res.status !== 429 || !res.headers.get('retry-after') || !/export/i.test(text))
    throw new Error(
      `an export beyond the caps answered ${res.status} (retry-after ${res.headers.get('retry-after')}): ${text.slice(0, 200)}`,
    );
  return performance.now() - started;
}

/**
 * Exports run back to back, one loop per API key, until stop(): each is read to its end (bytes
 * counted, no parsing). `running()` says how many are streaming right now (admitted, not ended).
 */
export function streamingExports(url: string, apiKeys: string[]) {
  let stopped = false;
  let streaming = 0;
  let completed = 0;
  const loop = async (apiKey: string) => {
    while (!stopped) {
      const res = await fetch(`${url}/v2/requests/export`, { headers: { 'x-api-key': apiKey } });
      if (res.status === 429) {
        // The loop's previous export has ended for the client but not yet released its slot.
        await res.text();
        await new Promise((r) => setTimeout(r, 10));
        continue;
      }
      if (res.status !== 200 || !res.body) throw new Error(`streaming export answered ${res.status}: ${await res.text()}`);
      streaming++;
      try {
        for await (const chunk of res.body as AsyncIterable<Uint8Array>) if (chunk.byteLength < 0) break;
      } finally {
        streaming--;
      }
      completed++;
    }
  };
  const loops = Promise.all(apiKeys.map(loop));
  return {
    running: () => streaming,
    completed: () => completed,
    stop: async () => {
      stopped = true;
      await loops;
    },
  };
}
