import type { LookupFunction } from 'node:net';
import { RESPONSE_BODY_HEAD_BYTES, WEBHOOK_TIMEOUT_MS } from '@payrail/domain';
import type { DeliveryTarget } from '@payrail/webhooks';
import { Pool } from 'undici';

export interface SendResult {
  /** Null when no response arrived (timeout, connection error). */
  statusCode: number | null;
  responseBodyHead: string | null;
  error: string | null;
  durationMs: number;
  /** The receiver's Retry-After header, as sent (honoured on 429/503 by the extended schedule). */
  retryAfter?: string | null;
}

export interface WebhookHttpSenderOptions {
  timeoutMs?: number;
  /** Extra trusted CA certificates (PEM) for HTTPS receivers; tests only, production trusts the system's CAs. */
  ca?: string;
  /** Connection pools kept (one per origin and pinned address); the least recently used is closed beyond this. */
  maxPools?: number;
}

/** Resolves every name to the address the URL guard checked (defeats DNS rebinding). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const errorText = (error: unknown): string => {
  const e = (error instanceof Error && error.cause instanceof Error ? error.cause : error) as NodeJS.ErrnoException;
  if (!(e instanceof Error)) return String(e);
  return e.code ? `${e.code}: ${e.message}` : e.message;
};

/**
 * POSTs one delivery with undici (about half the client CPU of `node:http` per request): connects
 * only to the address the URL guard checked for this delivery (one keep-alive pool per origin and
 * pinned address, so a connection is never reused for another address), sends exactly `body`
 * over HTTP/1.1, never follows a redirect, and gives up after the timeout (connect, headers and
 * body head included).
 */
export class WebhookHttpSender {
  private readonly pools = new Map<string, Pool>();
  private readonly timeoutMs: number;
  private readonly maxPools: number;

  constructor(private readonly options: WebhookHttpSenderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    this.maxPools = options.maxPools ?? 1000;
  }

  async send(target: DeliveryTarget, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = performance.now();
    const aborter = new AbortController();
    const timer = setTimeout(() => aborter.abort(), this.timeoutMs);
    const result = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
    try {
      const response = await this.poolFor(target).request({
        method: 'POST',
        path: `${target.url.pathname}${target.url.search}`,
        headers: { ...headers, 'user-agent': 'Payrail-Webhooks/1' },
        body,
        signal: aborter.signal,
      });
      const head = await readHead(response.body);
      const retryAfter = response.headers['retry-after'];
      return result({
        statusCode: response.statusCode,
        responseBodyHead: head,
        error: null,
        retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
      });
    } catch (error) {
      if (aborter.signal.aborted) return result({ statusCode: null, responseBodyHead: null, error: `timeout after ${this.timeoutMs} ms` });
      return result({ statusCode: null, responseBodyHead: null, error: errorText(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    return Promise.all(pools.map((p) => p.destroy())).then(() => undefined);
  }

  private poolFor(target: DeliveryTarget): Pool {
    const key = `${target.url.origin} ${target.address}`;
    const found = this.pools.get(key);
    if (found) {
      // Most recently used last: eviction takes the first.
      this.pools.delete(key);
      this.pools.set(key, found);
      return found;
    }
    const pool = new Pool(target.url.origin, {
      connections: 256,
      allowH2: false,
      // Backstops only: the attempt's own timer (timeoutMs, everything included) fires first.
      headersTimeout: this.timeoutMs + 1000,
      bodyTimeout: this.timeoutMs + 1000,
      connect: {
        timeout: this.timeoutMs + 1000,
        lookup: pinnedLookup(target.address, target.family),
        ...(this.options.ca ? { ca: this.options.ca } : {}),
      },
    });
    this.pools.set(key, pool);
    if (this.pools.size > this.maxPools) {
      const [oldestKey, oldest] = this.pools.entries().next().value!;
      this.pools.delete(oldestKey);
      void oldest.close().catch(() => undefined); // lets its requests in flight finish
    }
    return pool;
  }
}

/** The first RESPONSE_BODY_HEAD_BYTES of the body; a longer body is cut off (and its connection dropped). */
async function readHead(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_BODY_HEAD_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, RESPONSE_BODY_HEAD_BYTES).toString('utf8');
}
