import {
  eventOrderHeaders,
  newDeliveryId,
  signStandardWebhook,
  signWebhook,
  STANDARD_WEBHOOK_HEADERS,
  WEBHOOK_HEADERS,
} from '@payrail/domain';

/** An event as GET /v2/events answers it (the fields the forwarder uses). */
export interface ListedEvent {
  id: string;
  type: string;
  occurredAt: string;
  payload: Record<string, unknown>;
}

export interface ForwarderOptions {
  apiUrl: string;
  apiKey: string;
  forwardTo: string;
  /** The local signing secret (`whsec_...`) the receiver verifies with. */
  secret: string;
  pollIntervalMs: number;
  /** Events younger than this are asked for again on the next polls (an event committed late can carry a smaller id). */
  settleMs?: number;
  log: (line: string) => void;
}

export type Forwarded = { event: ListedEvent; deliveryId: string; status: number | null; error: string | null };

const byId = (a: ListedEvent, b: ListedEvent) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1);

/**
 * `listen`: follows the platform's events through the events API, starting from now, and POSTs
 * each to a local URL signed like a real delivery (x-service-* and Standard Webhooks headers with
 * the local secret, the ordering headers), once. The `stripe listen` experience without a tunnel:
 * nothing has to reach the developer's machine from outside.
 */
export class EventForwarder {
  /** Events up to this id are behind us; null: none yet (the events API refuses `after=0`, so it is left out). */
  private floor: string | null = null;
  private readonly seen = new Set<string>();
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(private readonly options: ForwarderOptions) {}

  /** The newest event id now: events up to it are not forwarded. */
  async start(): Promise<void> {
    const newest = await this.page(`limit=1`);
    this.floor = newest.data[0]?.id ?? null;
  }

  /** Polls until stop(); every forwarded event is reported through `onForwarded`. */
  async run(onForwarded: (f: Forwarded) => void = () => undefined): Promise<void> {
    while (!this.stopped) {
      try {
        for (const event of await this.newEvents()) onForwarded(await this.forward(event));
      } catch (error) {
        this.options.log(`events API: ${(error as Error).message}; retrying`);
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, this.options.pollIntervalMs);
      });
    }
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** Every event above the floor not forwarded yet, oldest first; the floor moves past settled ones. */
  private async newEvents(): Promise<ListedEvent[]> {
    const found: ListedEvent[] = [];
    let cursor: string | null = null;
    do {
      const page = await this.page(`limit=100${this.floor ? `&after=${this.floor}` : ''}${cursor ? `&cursor=${cursor}` : ''}`);
      found.push(...page.data);
      cursor = page.nextCursor;
    } while (cursor);
    const settledBefore = Date.now() - (this.options.settleMs ?? 5000);
    const fresh = found.filter((e) => !this.seen.has(e.id)).sort(byId);
    for (const e of fresh) this.seen.add(e.id);
    // Raise the floor over the oldest run of settled events, and forget their ids.
    for (const e of found.sort(byId)) {
      if (Date.parse(e.occurredAt) > settledBefore) break;
      this.floor = e.id;
      this.seen.delete(e.id);
    }
    return fresh;
  }

  private async forward(event: ListedEvent): Promise<Forwarded> {
    const body = JSON.stringify(event.payload);
    const deliveryId = newDeliveryId();
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      [WEBHOOK_HEADERS.signature]: signWebhook(body, this.options.secret),
      [WEBHOOK_HEADERS.delivery]: deliveryId,
      [WEBHOOK_HEADERS.retryCount]: '0',
      [STANDARD_WEBHOOK_HEADERS.id]: deliveryId,
      [STANDARD_WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [STANDARD_WEBHOOK_HEADERS.signature]: signStandardWebhook({ id: deliveryId, timestamp, body }, [this.options.secret]),
      ...eventOrderHeaders({ eventSequence: event.id, occurredAt: new Date(event.occurredAt) }),
    };
    try {
      const res = await fetch(this.options.forwardTo, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
      await res.body?.cancel();
      return { event, deliveryId, status: res.status, error: null };
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause;
      return { event, deliveryId, status: null, error: (cause ?? (error as Error)).message };
    }
  }

  private async page(query: string): Promise<{ data: ListedEvent[]; nextCursor: string | null }> {
    const res = await fetch(`${this.options.apiUrl}/v2/events?${query}`, {
      headers: { 'x-api-key': this.options.apiKey },
      signal: AbortSignal.timeout(10000),
    });
    const body = (await res.json()) as { data: ListedEvent[]; nextCursor: string | null; message?: string };
    if (res.status !== 200) throw new Error(`${res.status} ${body.message ?? ''}`.trim());
    return body;
  }
}
