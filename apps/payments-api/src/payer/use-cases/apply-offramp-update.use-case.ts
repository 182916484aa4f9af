import { Inject, Injectable } from '@nestjs/common';
import {
  isOfframpSubStatus,
  nextPaymentDetailStatus,
  offrampStateAfter,
  offrampTransitionAllowed,
  PayrailError,
  webhookEvent,
  type DomainEvent,
  type OfframpProvider,
  type OfframpUpdate,
} from '@payrail/domain';
import {
  appendToOutbox,
  OfframpsRepository,
  PayerEntity,
  PaymentDetailsRepository,
  RequestEntity,
  type OfframpEntity,
} from '@payrail/persistence';
import { DataSource, type EntityManager } from 'typeorm';
import { OFFRAMP_PROVIDER } from '../../payments/offramp/offramp.tokens.js';

/** payment.processing and payment.failed name the off-ramp provider as their payment processor. */
const processorOf = (provider: string) => `offramp:${provider}`;

/**
 * An update from the off-ramp provider (its webhook, its polling, or the sandbox's control
 * routes), applied in one transaction with the events it causes. A payment detail's decision
 * (pending → approved | failed) emits payment_detail.updated. An off-ramp's sub-status, once its
 * deposit has settled, emits payment.processing; `fiat_sent` then releases the request's
 * payment.confirmed (written by settlement with isCryptoToFiat: true), `failed` and `bounced` a
 * payment.failed. A repeated update changes and emits nothing; one out of order is a 409.
 */
@Injectable()
export class ApplyOfframpUpdate {
  constructor(
    private readonly db: DataSource,
    @Inject(OFFRAMP_PROVIDER) private readonly provider: OfframpProvider,
  ) {}

  execute(update: OfframpUpdate): Promise<{ changed: boolean; status: string }> {
    return this.db.transaction((m): Promise<{ changed: boolean; status: string }> =>
      update.kind === 'payment_detail' ? this.detail(m, update) : this.offramp(m, update),
    );
  }

  private async detail(m: EntityManager, update: Extract<OfframpUpdate, { kind: 'payment_detail' }>) {
    const row = await new PaymentDetailsRepository(m).byProviderRef(this.provider.name, update.providerRef, true);
    if (!row) throw new PayrailError('NOT_FOUND', 'Unknown payment details');
    const next = nextPaymentDetailStatus(row.status, update.status);
    if (!next) return { changed: false, status: row.status };
    row.status = next;
    await new PaymentDetailsRepository(m).save(row);
    const payer = await m.findOne(PayerEntity, { where: { id: row.payerId, platformId: row.platformId } });
    const event = webhookEvent(
      'payment_detail.updated',
      { aggregateType: 'payment_details', aggregateId: row.id },
      {
        paymentDetailsId: row.id,
        clientUserId: payer?.clientUserId ?? null,
        userId: row.payerId,
        status: next,
        timestamp: new Date().toISOString(),
        rawPayload: update.rawPayload,
      },
      { platformId: row.platformId },
    );
    await appendToOutbox(m, [event]);
    return { changed: true, status: next };
  }

  private async offramp(m: EntityManager, update: Extract<OfframpUpdate, { kind: 'offramp' }>) {
    const offramps = new OfframpsRepository(m);
    const offramp = await offramps.byOfframpId(this.provider.name, update.offrampId, true);
    if (!offramp) throw new PayrailError('NOT_FOUND', 'Unknown off-ramp');
    const next = update.subStatus;
    if (!isOfframpSubStatus(next)) throw new PayrailError('VALIDATION_FAILED', `Unknown off-ramp sub-status ${next}`);
    if (offramp.subStatus === next) return { changed: false, status: next };
    if (!offrampTransitionAllowed(offramp.state, offramp.subStatus, next)) {
      const at = offramp.state === 'awaiting_deposit' ? 'its deposit has not settled' : `it is ${offramp.subStatus ?? offramp.state}`;
      throw new PayrailError('CONFLICT', `Off-ramp ${offramp.offrampId} cannot move to ${next}: ${at}`);
    }
    offramp.subStatus = next;
    offramp.state = offrampStateAfter(next);
    await offramps.save(offramp);
    const request = await m.findOne(RequestEntity, { where: { id: offramp.requestId, platformId: offramp.platformId } });
    if (!request) throw new Error(`request ${offramp.requestId} of off-ramp ${offramp.offrampId} is gone`);
    await appendToOutbox(m, this.eventsOf(offramp, request, update.rawPayload));
    return { changed: true, status: next };
  }

  private eventsOf(offramp: OfframpEntity, request: RequestEntity, rawPayload: Record<string, unknown>): DomainEvent[] {
    const aggregate = { aggregateType: 'request', aggregateId: request.id };
    const routing = { platformId: request.platformId };
    const subStatus = offramp.subStatus ?? '';
    const ids = { requestId: request.id, requestID: request.id, paymentReference: request.paymentReference };
    const processing = webhookEvent(
      'payment.processing',
      aggregate,
      {
        ...ids,
        offrampId: offramp.offrampId,
        timestamp: new Date().toISOString(),
        subStatus,
        paymentProcessor: processorOf(offramp.provider),
        rawPayload,
      },
      routing,
    );
    if (offramp.state === 'completed') return offramp.confirmedEvent ? [processing, offramp.confirmedEvent] : [processing];
    if (offramp.state !== 'failed') return [processing];
    const clientId = offramp.confirmedEvent?.payload.clientId;
    const failed = webhookEvent(
      'payment.failed',
      aggregate,
      { ...ids, clientId: typeof clientId === 'string' ? clientId : null, subStatus, paymentProcessor: processorOf(offramp.provider) },
      routing,
    );
    return [processing, failed];
  }
}
