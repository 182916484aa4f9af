import { WakeableSleep } from './wakeable-sleep.js';

/** Where a loop reports a failed pass (a Nest Logger fits: its pino line carries `err`). */
export interface LoopLogger {
  error(details: { err: unknown }, message: string): void;
}

export interface PollingLoopOptions {
  /** Idle time between passes when a pass reports no more work waiting. */
  intervalMs: number;
  /** One pass; resolves true when more work is waiting, so the next pass starts at once. */
  pass: () => Promise<boolean>;
  logger: LoopLogger;
  /** The log message of a failed pass. */
  failureMessage: string;
  /** Runs after a failed pass was logged (e.g. to give up a lock); its own failure is ignored. */
  afterFailure?: () => Promise<void>;
}

/**
 * The one background loop of Payrail (outbox relay, detection and recurring leaders, expiry
 * sweeper): passes run one at a time, never overlapping; between passes it idles `intervalMs`
 * unless `wake()` ends the idle early (wakes that arrive during a pass are coalesced into one
 * more pass); a pass that throws is logged and the loop goes on; `stop()` resolves once the
 * running pass, if any, has finished.
 */
export class PollingLoop {
  private readonly idle = new WakeableSleep();
  private running = false;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: PollingLoopOptions) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Starts the next pass now (or right after the running one). */
  wake(): void {
    this.idle.wake();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.idle.wake();
    await this.loop;
    this.loop = undefined;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let more = false;
      try {
        more = await this.options.pass();
      } catch (error) {
        this.options.logger.error({ err: error }, this.options.failureMessage);
        await this.options.afterFailure?.().catch(() => undefined);
      }
      if (!more && this.running) await this.idle.sleep(this.options.intervalMs);
    }
  }
}
