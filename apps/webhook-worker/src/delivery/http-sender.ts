import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { RESPONSE_BODY_HEAD_BYTES, WEBHOOK_TIMEOUT_MS } from '@payrail/domain';
import type { DeliveryTarget } from '@payrail/platform';

export interface SendResult {
  /** Null when no response arrived (timeout, connection error). */
  statusCode: number | null;
  responseBodyHead: string | null;
  error: string | null;
  durationMs: number;
}

/** Resolves every name to the address the URL guard checked (defeats DNS rebinding). */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * POSTs one delivery: connects to the pinned address, sends exactly `body`, never follows a
 * redirect, and gives up after the timeout (headers and body head included). Keeps
 * connections alive per host between deliveries.
 */
export class WebhookHttpSender {
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256 });

  constructor(private readonly timeoutMs = WEBHOOK_TIMEOUT_MS) {}

  send(target: DeliveryTarget, body: string, headers: Record<string, string>): Promise<SendResult> {
    const started = performance.now();
    const https = target.url.protocol === 'https:';
    const hostname = target.url.hostname.replace(/^\[|\]$/g, '');
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (r: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...r, durationMs: Math.round(performance.now() - started) });
      };
      const req = (https ? httpsRequest : httpRequest)({
        method: 'POST',
        hostname,
        port: target.url.port || (https ? 443 : 80),
        path: `${target.url.pathname}${target.url.search}`,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Payrail-Webhooks/1' },
        lookup: pinnedLookup(target.address, target.family),
        agent: https ? this.httpsAgent : this.httpAgent,
        ...(https && isIP(hostname) === 0 ? { servername: hostname } : {}),
      });
      const timer = setTimeout(() => {
        finish({ statusCode: null, responseBodyHead: null, error: `timeout after ${this.timeoutMs} ms` });
        req.destroy();
      }, this.timeoutMs);
      req.on('response', (res) =>
        this.readHead(res, (head) => finish({ statusCode: res.statusCode ?? null, responseBodyHead: head, error: null })),
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        finish({ statusCode: null, responseBodyHead: null, error: error.code ? `${error.code}: ${error.message}` : error.message }),
      );
      req.end(body);
    });
  }

  /** The first RESPONSE_BODY_HEAD_BYTES of the body; a longer body is cut off (and its connection dropped). */
  private readHead(res: IncomingMessage, done: (head: string) => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const complete = () => done(Buffer.concat(chunks).subarray(0, RESPONSE_BODY_HEAD_BYTES).toString('utf8'));
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_BODY_HEAD_BYTES) {
        complete();
        res.destroy();
      }
    });
    res.on('end', complete);
    res.on('error', complete);
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
