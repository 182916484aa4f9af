import { Inject, Injectable, Logger } from '@nestjs/common';
import { NETWORKS, type NetworkName } from '@payrail/chains';
import { canonicalPayerWallet, effectiveStatus, paymentIntentChannel, type PaymentIntentMessage, PayrailError } from '@payrail/domain';
import { PaymentIntentsRepository, RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import { type ClientIdCaller, REDIS } from '@payrail/platform';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';
import { securePaymentNotFound } from '../access/page-access.js';
import { pageReaderOf } from '../creator.js';
import type { AcceptedPaymentIntentDto, PaymentIntentDto } from '../dto/payment-intent.dto.js';

const invalid = (field: string, message: string) =>
  new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field, message }] });

/** An open intent older than this no longer counts against the caps (chain-worker gave up on it long before). */
const OPEN_FOR_MINUTES = 10;
/** A refused intent's Retry-After: a few blocks, by when chain-worker has resolved or dropped an open one. */
const RETRY_AFTER_SECONDS = 15;

const tooManyOpen = (cap: 'link' | 'client-id') =>
  new PayrailError(
    'RATE_LIMITED',
    cap === 'link'
      ? 'Too many open payment intents for this payment; retry when one is resolved'
      : 'Too many open payment intents for this Client ID; retry when one is resolved',
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );

/** The hash as stored: EVM `0x` + lowercase hex; Tron the 64 lowercase hex of its transaction id. */
function txHashOn(network: string, txHash: string): string {
  const hex = txHash.toLowerCase();
  if ((NETWORKS[network as NetworkName]?.kind ?? 'evm') === 'tron') return hex.replace(/^0x/, '');
  if (!hex.startsWith('0x')) throw invalid('txHash', `txHash must start with 0x on ${network}`);
  return hex;
}

/**
 * POST /v2/secure-payments/{token}/intent: the page reports the transaction its wallet submitted.
 * The intent is stored (one per payment and transaction: a repeated report answers the same id) and
 * announced to chain-worker, whose replica leading that network's detection fetches the receipt at
 * once and runs a detection pass, so the payment settles within about a second of the receipt.
 * An intent settles nothing by itself: only the chain's logs, through detection's rules, do (a hash
 * with no matching transfer settles nothing; `payerAddress` is informational). Accepted for any
 * status, but announced only while the payment is open. Bounded: a link holds at most
 * INTENTS_OPEN_PER_LINK open intents and a Client ID INTENTS_OPEN_PER_CLIENT_ID (429 beyond, see
 * docs/security.md), so a flood of made-up hashes cannot grow chain-worker's RPC calls.
 */
@Injectable()
export class RecordPaymentIntent {
  private readonly logger = new Logger('PaymentIntents');

  constructor(
    private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PaymentsApiEnv) private readonly env: PaymentsApiEnv,
  ) {}

  async execute({
    caller,
    token,
    body,
  }: {
    caller: ClientIdCaller;
    token: string;
    body: PaymentIntentDto;
  }): Promise<AcceptedPaymentIntentDto> {
    const reader = pageReaderOf(caller);
    const payment = await new SecurePaymentsRepository(this.db.manager).forReader(reader, token);
    if (!payment) throw securePaymentNotFound();
    const requests = await new RequestsRepository(this.db.manager).byIds({ platformId: payment.platformId }, payment.requestIds);
    const networks = [...new Set(requests.map((r) => r.network))];
    const network = body.chain.toLowerCase();
    if (!networks.includes(network)) throw invalid('chain', `chain must be the payment's network: ${networks.join(', ')}`);
    const txHash = txHashOn(network, body.txHash);
    const recorded = await new PaymentIntentsRepository(this.db.manager).recordWithinCaps(
      {
        id: ulid(),
        platformId: payment.platformId,
        securePaymentToken: payment.token,
        network,
        txHash,
        payerAddress: body.payerAddress ? canonicalPayerWallet(body.payerAddress) : null,
        referenceTopics: requests.filter((r) => r.network === network).map((r) => r.referenceTopic),
        clientIdId: caller.clientIdId,
      },
      { perLink: this.env.INTENTS_OPEN_PER_LINK, perClientId: this.env.INTENTS_OPEN_PER_CLIENT_ID, openForMinutes: OPEN_FOR_MINUTES },
    );
    if ('refused' in recorded) throw tooManyOpen(recorded.refused);
    const intentId = recorded.id;
    const status = effectiveStatus(payment.status, payment.expiresAt, new Date());
    const open = status === 'pending' || status === 'partially_settled';
    const isListening = open && (await this.announce({ intentId, network, txHash }));
    const paymentReference = payment.paymentType === 'single' ? (requests[0]?.paymentReference ?? null) : null;
    return { intentId, paymentReference, txHash, isListening };
  }

  /** Whether a chain-worker received it; a Redis failure leaves the payment to detection's regular pass. */
  private async announce(message: PaymentIntentMessage): Promise<boolean> {
    try {
      return (await this.redis.publish(paymentIntentChannel(this.env.QUEUE_PREFIX), JSON.stringify(message))) > 0;
    } catch (error) {
      this.logger.warn({ err: error, intentId: message.intentId }, 'payment intent not announced; detection settles it on its next pass');
      return false;
    }
  }
}
