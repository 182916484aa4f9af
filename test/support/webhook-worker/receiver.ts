import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as a receiver saw it: raw body bytes as text, headers, arrival time. */
export interface ReceivedWebhook {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * What the receiver answers: a status (and body / headers, after `delayMs`, or once `after`
 * resolves: a request held open until the test releases it), or hang without answering.
 */
export type Reply =
  { status: number; body?: string; headers?: Record<string, string>; delayMs?: number; after?: Promise<unknown> } | 'hang';

/**
 * A real local HTTP server standing in for a merchant's endpoint (tests only): records
 * every request and answers as the test says. `waitFor(n)` resolves on the n-th request
 * (no polling).
 */
export class TestReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly arrivals = new EventEmitter();
  private readonly hanging: ServerResponse[] = [];

  private constructor(
    private readonly server: Server,
    private readonly reply: (request: ReceivedWebhook, index: number) => Reply,
  ) {
    this.arrivals.setMaxListeners(1000);
  }

  static async start(
    reply: (request: ReceivedWebhook, index: number) => Reply = () => ({ status: 200, body: 'ok' }),
  ): Promise<TestReceiver> {
    const server = createServer();
    const receiver = new TestReceiver(server, reply);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () =>
        receiver.handle({ at: Date.now(), path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }, res),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Resolves with the first `count` requests once that many arrived. */
  async waitFor(count: number, timeoutMs = 45000): Promise<ReceivedWebhook[]> {
    await this.until(() => this.received.length >= count, `${count} requests`, timeoutMs);
    return this.received.slice(0, count);
  }

  /** Resolves with the `nth` (1-based) request matching `match`, once it arrived. */
  async waitUntil(match: (r: ReceivedWebhook) => boolean, nth = 1, timeoutMs = 45000): Promise<ReceivedWebhook> {
    await this.until(() => this.received.filter(match).length >= nth, `matching request #${nth}`, timeoutMs);
    return this.received.filter(match)[nth - 1];
  }

  /** Resolves once `done()` holds, checked on every arrival. */
  until(done: () => boolean, what: string, timeoutMs = 45000): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.arrivals.off('request', check);
        reject(new Error(`receiver did not get ${what} within ${timeoutMs} ms (got ${this.received.length} requests)`));
      }, timeoutMs);
      const check = () => {
        if (!done()) return;
        clearTimeout(timer);
        this.arrivals.off('request', check);
        resolve();
      };
      this.arrivals.on('request', check);
    });
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: ReceivedWebhook, res: ServerResponse): void {
    const index = this.received.push(request) - 1;
    const reply = this.reply(request, index);
    this.arrivals.emit('request');
    if (reply === 'hang') return void this.hanging.push(res);
    const answer = () => res.writeHead(reply.status, reply.headers ?? { 'content-type': 'text/plain' }).end(reply.body ?? '');
    if (reply.after) void reply.after.then(answer);
    else if (reply.delayMs) setTimeout(answer, reply.delayMs);
    else answer();
  }
}
