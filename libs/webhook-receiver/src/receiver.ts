import { type DeliveryDedupe, MemoryDedupe } from './dedupe.js';
import { headerOf, type IncomingHeaders, PAYRAIL_WEBHOOK_HEADERS as H } from './headers.js';
import { verifyInterfaceSignature, verifyStandardSignature } from './signatures.js';

export interface WebhookReceiverOptions {
  /** The endpoint's signing secret as issued (`whsec_...`); during a rotation give both, new first. */
  secret: string | readonly string[];
  /** Seconds `webhook-timestamp` may differ from this clock, either way (default 300). */
  toleranceSeconds?: number;
  /**
   * Which signature must match: `standard` (default: `webhook-signature` over id, timestamp and
   * body, timestamp checked: a captured delivery is refused once out of tolerance, and its id
   * cannot be changed), `interface` (`x-service-signature` only), or `both`.
   *
   * `interface` has NO replay protection: that signature covers the body only, so a captured
   * delivery can be sent again at any time with any `x-service-delivery`, and dedupe (which keys
   * on that unsigned id) does not catch it. Use it only where the Standard Webhooks headers cannot
   * be read, and make the handler idempotent on the event's own fields.
   */
  require?: 'standard' | 'interface' | 'both';
  /** Where handled delivery ids are remembered (default: in memory, 24 h); `false` to dedupe yourself. */
  dedupe?: DeliveryDedupe | false;
  /** This receiver's clock in unix milliseconds (default Date.now). */
  now?: () => number;
}

/** A verified delivery: its id (the same on every retry), the event and Payrail's ordering headers. */
export interface VerifiedDelivery {
  id: string;
  event: { event: string } & Record<string, unknown>;
  test: boolean;
  /** `x-payrail-event-sequence`: grows with each event of the same object (compare, do not count); null on tests. */
  sequence: string | null;
  /** `x-payrail-occurred-at`: when the change the event reports was committed (ISO 8601); null on tests. */
  occurredAt: string | null;
}

export type RefusalReason =
  'missing-headers' | 'bad-timestamp' | 'timestamp-out-of-tolerance' | 'no-matching-signature' | 'bad-interface-signature' | 'bad-body';

export type Verification = ({ ok: true } & VerifiedDelivery) | { ok: false; reason: RefusalReason };

/** What to answer: 401 refused (bad signature or timestamp), 200 handled or already handled, 500 the handler threw (Payrail retries). */
export type ReceiveResult =
  | { status: 200; outcome: 'handled' | 'duplicate'; id: string }
  | { status: 401 | 400; outcome: 'refused'; reason: RefusalReason }
  | { status: 500; outcome: 'handler-failed'; id: string; error: unknown };

/**
 * Verifies Payrail deliveries over the raw body bytes (never a re-serialised object) and runs a
 * handler once per delivery id. No framework dependency: give it Express's `req.body` from
 * `express.raw()` (a Buffer) and `req.headers`, or a Fetch request's text and `headers`.
 */
export class WebhookReceiver {
  private readonly secrets: readonly string[];
  private readonly toleranceSeconds: number;
  private readonly required: 'standard' | 'interface' | 'both';
  private readonly dedupe: DeliveryDedupe | null;
  private readonly now: () => number;

  constructor(options: WebhookReceiverOptions) {
    this.secrets = typeof options.secret === 'string' ? [options.secret] : [...options.secret];
    if (this.secrets.length === 0 || this.secrets.some((s) => s.length === 0)) throw new Error('WebhookReceiver needs the endpoint secret');
    this.toleranceSeconds = options.toleranceSeconds ?? 300;
    this.required = options.require ?? 'standard';
    this.dedupe = options.dedupe === false ? null : (options.dedupe ?? new MemoryDedupe());
    this.now = options.now ?? Date.now;
  }

  /** Checks the signature(s) and timestamp and parses the event; does not dedupe. */
  verify(rawBody: string | Uint8Array, headers: IncomingHeaders): Verification {
    if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array))
      throw new TypeError('WebhookReceiver.verify needs the raw body (string or Buffer), e.g. from express.raw()');
    if (this.required !== 'interface') {
      const standard = {
        id: headerOf(headers, H.standardId),
        timestamp: headerOf(headers, H.standardTimestamp),
        signature: headerOf(headers, H.standardSignature),
      };
      const checks = this.secrets.map((s) => verifyStandardSignature(rawBody, standard, s, this.toleranceSeconds, this.now()));
      const refused = checks.find((c) => !c.ok);
      if (!checks.some((c) => c.ok)) return { ok: false, reason: refused && !refused.ok ? refused.reason : 'no-matching-signature' };
    }
    if (this.required !== 'standard') {
      const signature = headerOf(headers, H.signature);
      if (!this.secrets.some((s) => verifyInterfaceSignature(rawBody, signature, s)))
        return { ok: false, reason: 'bad-interface-signature' };
    }
    const id = headerOf(headers, this.required === 'interface' ? H.delivery : H.standardId);
    if (!id) return { ok: false, reason: 'missing-headers' };
    const event = parseEvent(rawBody);
    if (!event) return { ok: false, reason: 'bad-body' };
    return {
      ok: true,
      id,
      event,
      test: headerOf(headers, H.test) === 'true',
      sequence: headerOf(headers, H.eventSequence) ?? null,
      occurredAt: headerOf(headers, H.occurredAt) ?? null,
    };
  }

  /** Verifies, then runs `handle` unless this delivery id was handled already; answer `result.status`. */
  async receive(
    rawBody: string | Uint8Array,
    headers: IncomingHeaders,
    handle: (delivery: VerifiedDelivery) => unknown,
  ): Promise<ReceiveResult> {
    const verified = this.verify(rawBody, headers);
    if (!verified.ok) return { status: verified.reason === 'bad-body' ? 400 : 401, outcome: 'refused', reason: verified.reason };
    const delivery: VerifiedDelivery = {
      id: verified.id,
      event: verified.event,
      test: verified.test,
      sequence: verified.sequence,
      occurredAt: verified.occurredAt,
    };
    if (this.dedupe && !(await this.dedupe.claim(delivery.id))) return { status: 200, outcome: 'duplicate', id: delivery.id };
    try {
      await handle(delivery);
      return { status: 200, outcome: 'handled', id: delivery.id };
    } catch (error) {
      // Not handled: the sender's retry (same id) must be handled, not skipped as a duplicate.
      await this.dedupe?.release(delivery.id);
      return { status: 500, outcome: 'handler-failed', id: delivery.id, error };
    }
  }
}

function parseEvent(rawBody: string | Uint8Array): VerifiedDelivery['event'] | null {
  try {
    const parsed: unknown = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || typeof (parsed as { event?: unknown }).event !== 'string') return null;
    return parsed as VerifiedDelivery['event'];
  } catch {
    return null;
  }
}
