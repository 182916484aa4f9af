import { Logger } from '@nestjs/common';
import { WakeableSleep } from '@payrail/platform';
import { Network, WebSocketProvider } from 'ethers';

export interface HeadSubscriptionStatus {
  /** Whether new heads arrive over the socket now (false: detection runs on polling alone). */
  connected: boolean;
  /** Heads notified since start. */
  heads: number;
  /** Sockets lost (closed, failed, or fallen silent) since start. */
  drops: number;
}

export interface HeadSubscriptionOptions {
  /** First reconnection delay; doubles per failed attempt up to maxBackoffMs, and starts over once a head arrives. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A socket whose heads fall this many blocks behind the polled head is taken as dead and opened again. */
  staleBlocks: number;
}

const DEFAULTS: HeadSubscriptionOptions = { backoffMs: 1000, maxBackoffMs: 30000, staleBlocks: 3 };

/**
 * Follows a network's new heads over a WebSocket (eth_subscribe newHeads, through ethers'
 * WebSocketProvider) and calls `onHead` for each. A head only wakes detection, which reads the
 * chain from its own cursor: a head missed while the socket is down costs latency, never a block.
 * A socket that closes, fails, or falls silent is dropped; detection goes on polling meanwhile and
 * the subscription is opened again after a back-off.
 */
export class HeadSubscription {
  readonly status: HeadSubscriptionStatus = { connected: false, heads: 0, drops: 0 };
  private readonly logger: Logger;
  private readonly options: HeadSubscriptionOptions;
  private readonly pause = new WakeableSleep();
  private running = false;
  private loop: Promise<void> | undefined;
  private drop: (() => void) | undefined;
  /** The newest head notified, or the polled head when the socket opened (what the next polled head is compared with). */
  private newest: number | undefined;

  constructor(
    private readonly url: string,
    private readonly chainId: number,
    private readonly onHead: (block: number) => void,
    name: string,
    options: Partial<HeadSubscriptionOptions> = {},
  ) {
    this.logger = new Logger(`Heads:${name}`);
    this.options = { ...DEFAULTS, ...options };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.drop?.();
    this.pause.wake();
    await this.loop;
  }

  /** The head a poll saw: a connected socket whose heads stay behind it has died without closing. */
  observePolledHead(head: number): void {
    if (!this.status.connected) return;
    if (this.newest === undefined) this.newest = head;
    else if (head - this.newest >= this.options.staleBlocks) {
      this.logger.warn(`no head over the socket since block ${this.newest} while the chain is at ${head}; reconnecting`);
      this.drop?.();
    }
  }

  private async run(): Promise<void> {
    let delay = this.options.backoffMs;
    while (this.running) {
      const heads = await this.untilDropped();
      if (!this.running) break;
      this.status.drops++;
      if (heads > 0) delay = this.options.backoffMs;
      this.logger.warn(`head subscription lost after ${heads} heads; polling until it reconnects in about ${delay} ms`);
      await this.pause.sleep(delay / 2 + Math.random() * (delay / 2));
      delay = Math.min(delay * 2, this.options.maxBackoffMs);
    }
  }

  /** Opens the socket and subscribes; resolves with the heads received once the socket is lost. */
  private untilDropped(): Promise<number> {
    return new Promise((resolve) => {
      let heads = 0;
      // Node's own WebSocket: a failed connection is an event here, never an uncaught 'error'.
      const socket = new WebSocket(this.url);
      const provider = new WebSocketProvider(() => socket, Network.from(this.chainId), { staticNetwork: true });
      const dropped = () => {
        if (this.drop !== dropped) return;
        this.drop = undefined;
        this.status.connected = false;
        this.newest = undefined;
        // Closing the socket is enough: provider.destroy() would reject ethers' own pending subscribe
        // request, which nothing awaits (an unhandled rejection); the closed provider is just let go.
        socket.close();
        resolve(heads);
      };
      this.drop = dropped;
      socket.addEventListener('close', dropped);
      socket.addEventListener('error', dropped);
      socket.addEventListener('open', () => {
        this.status.connected = true;
        void provider
          .on('block', (block: number) => {
            if (this.drop !== dropped) return;
            heads++;
            this.status.heads++;
            this.newest = Math.max(block, this.newest ?? block);
            this.onHead(block);
          })
          .catch(dropped);
      });
    });
  }
}
