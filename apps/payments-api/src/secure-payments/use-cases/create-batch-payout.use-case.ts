import { Inject, Injectable } from '@nestjs/common';
import { effectiveStatus, hasBeenPaid, PayrailError } from '@payrail/domain';
import { appendToOutbox, RequestsRepository, type SecurePaymentEntity, SecurePaymentsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { ulid } from 'ulid';
import { batchFeeAddress, SAME_NETWORK_MESSAGE, TRON_BATCH_MESSAGE } from '../../payments/planning/batch-rules.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { SECURE_PAYMENT_PAGE_URL } from '../../payments/payments.tokens.js';
import { creatorOf, type SecurePaymentCreator } from '../creator.js';
import type { BatchPayoutLinkDto } from '../dto/batch-payout-link.dto.js';
import { pageClientIdOf, securePaymentUrlOf } from './page-link.js';

export interface CreatedBatchPayout {
  requestIds: string[];
  securePaymentUrl: string;
  token: string;
  /** Null: a batch carries the fees its payouts were created with; no fee plan is captured for it. */
  feePlan: null;
}

/** The one value every source agrees on, else null. */
const shared = <T>(values: T[]): T | null => (values.every((v) => v === values[0]) ? values[0] : null);

/**
 * POST /v2/secure-payments/batch-payouts: combines pending single payout links of the caller into
 * one batch link, paid in one transaction through the network's batch contract (Request Network's
 * BatchConversionPayments). In one transaction: every source is locked, checked (the caller's,
 * single, not a multicall child, pending, unpaid, one EVM network, one fee address, the same
 * access policy), invalidated (with its `secure_payment.status_changed`), and the batch link is
 * created over their requests (same payment references, so detection settles them as before).
 * Tron sources are refused with the spec's message (batches are EVM only). The batch keeps the
 * shared Client ID and orchestrator of its sources, the first source's branding, and the earliest
 * expiry (a batch never outlives a payout it pays).
 */
@Injectable()
export class CreateBatchPayout {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
    @Inject(SECURE_PAYMENT_PAGE_URL) private readonly pageUrl: string,
  ) {}

  async execute({ caller, body }: { caller: Caller; body: BatchPayoutLinkDto }): Promise<CreatedBatchPayout> {
    const creator = creatorOf(caller);
    if (body.redirectLabel !== undefined && body.redirectUrl === undefined)
      throw invalidField('redirectLabel', 'redirectLabel cannot be provided without redirectUrl');
    const duplicate = body.tokens.findIndex((t, i) => body.tokens.indexOf(t) !== i);
    if (duplicate >= 0) throw invalidField(`tokens.${duplicate}`, `tokens.${duplicate} repeats an earlier token`);
    const token = ulid();
    const requestIds = await this.db.transaction(async (m) => {
      const sources = await this.lockSources(m, creator, body.tokens);
      const requestIds = sources.flatMap((s) => s.requestIds);
      await this.checkRequests(m, creator.platformId, sources);
      const repo = new SecurePaymentsRepository(m);
      const now = new Date();
      for (const source of sources) await appendToOutbox(m, await repo.transition(source, 'invalidated', 'invalidated', now));
      await repo.insert({
        token,
        paymentType: 'batch',
        parentToken: null,
        platformId: creator.platformId,
        clientIdId: creator.clientIdId ?? shared(sources.map((s) => s.clientIdId)),
        orchestratorId: creator.orchestratorId ?? shared(sources.map((s) => s.orchestratorId)),
        requestIds,
        redirectUrl: body.redirectUrl ?? null,
        redirectLabel: body.redirectLabel ?? null,
        branding: sources[0].branding,
        reference: null,
        accessPolicy: sources[0].accessPolicy,
        expiresAt: new Date(Math.min(...sources.map((s) => s.expiresAt.getTime()))),
      });
      return requestIds;
    });
    const clientId = await pageClientIdOf(caller, this.db.manager);
    return { requestIds, securePaymentUrl: securePaymentUrlOf(this.pageUrl, token, clientId), token, feePlan: null };
  }

  /** The sources, locked in token order (no deadlock between two batches over the same payouts), each checked. */
  private async lockSources(m: EntityManager, creator: SecurePaymentCreator, tokens: string[]): Promise<SecurePaymentEntity[]> {
    const repo = new SecurePaymentsRepository(m);
    const owner = { platformId: creator.platformId, clientIdId: creator.clientIdId };
    const byToken = new Map<string, SecurePaymentEntity>();
    for (const t of [...tokens].sort()) {
      const found = await repo.forOwner(owner, t);
      if (found) byToken.set(t, found);
    }
    const now = new Date();
    return tokens.map((t, i) => {
      const field = `tokens.${i}`;
      const source = byToken.get(t);
      if (!source || source.paymentType !== 'single' || source.parentToken !== null)
        throw invalidField(field, `${field} is not a single payout link of this caller`);
      const status = effectiveStatus(source.status, source.expiresAt, now);
      if (status !== 'pending') throw invalidField(field, `${field} is ${status}: only pending payouts can be batched`);
      if (JSON.stringify(source.accessPolicy) !== JSON.stringify(byToken.get(tokens[0])!.accessPolicy))
        throw invalidField(field, `${field} has another access policy than tokens.0: a batch has one`);
      return source;
    });
  }

  /** Every request unpaid, on one EVM network with a batch contract (Tron: the spec's 400), fees to one address. */
  private async checkRequests(m: EntityManager, platformId: string, sources: SecurePaymentEntity[]): Promise<void> {
    const requests = await new RequestsRepository(m).byIds(
      { platformId },
      sources.flatMap((s) => s.requestIds),
    );
    const byId = new Map(requests.map((r) => [r.id, r]));
    const legs = sources.flatMap((s, i) => s.requestIds.map((id) => ({ field: `tokens.${i}`, request: byId.get(id)! })));
    const plans = legs.map((l) => this.planner.fromRecord(l.request));
    for (const [i, { field, request }] of legs.entries()) {
      if (plans[i].network.kind === 'tron') throw badRequest(field, TRON_BATCH_MESSAGE);
      if (plans[i].network.name !== plans[0].network.name) throw badRequest(field, SAME_NETWORK_MESSAGE);
      if (hasBeenPaid(request.status)) throw invalidField(field, `${field} is already paid`);
    }
    if (!plans[0].network.contracts.BatchConversionPayments)
      throw invalidField('tokens', `batch payments are not available on ${plans[0].network.name}`);
    batchFeeAddress(plans, 'tokens');
  }
}

/** A 400 with the batch rules' own message (the spec's Tron message is the whole message). */
const badRequest = (field: string, message: string) => new PayrailError('VALIDATION_FAILED', message, { fields: [{ field, message }] });
