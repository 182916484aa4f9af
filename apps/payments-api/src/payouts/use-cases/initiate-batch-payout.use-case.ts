import { Inject, Injectable } from '@nestjs/common';
import { CurrencyRegistry } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { type NewRequest, type RequestOwner, RequestsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { ulid } from 'ulid';
import { DataSource } from 'typeorm';
import type { BatchPayoutDto } from '../dto/batch-payout.dto.js';
import { idempotencyScope } from '../../payments/idempotency/credential-scope.js';
import { IdempotencyService, type Outcome, type Prepared } from '../../payments/idempotency/idempotency.service.js';
import { ownerOf } from '../../payments/owner.js';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { checkBatchNetwork, rejectTronTerms } from '../../payments/planning/batch-rules.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { payerWalletOn } from '../../payments/planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { PlannedPayment } from '../../payments/planning/planned-payment.js';
import { newRequestRecord } from '../../payments/records/request-record.js';
import { BatchBuilder } from '../../payments/transactions/batch-builder.js';
import type { BuiltBatch } from '../../payments/transactions/batch-payout.js';

export interface InitiateBatchPayoutCommand {
  caller: Caller;
  body: BatchPayoutDto;
  idempotencyKey?: string;
}

export interface BatchPayoutView extends BuiltBatch {
  requests: { requestId: string; paymentReference: string }[];
}

interface Batch {
  plans: PlannedPayment[];
  /** The pending requests paid, or null when each plan is a new payment whose request is created here. */
  existing: { id: string; paymentReference: string }[] | null;
  field: string;
}

/**
 * POST /v2/payouts/batch: pays several payees in one transaction through the network's batch
 * contract. `requests` creates a request per payment (as POST /v2/payouts does); `requestIds`
 * pays pending requests of the caller. EVM only, one network, one fee address.
 */
@Injectable()
export class InitiateBatchPayout {
  constructor(
    private readonly planner: PaymentPlanner,
    private readonly registry: CurrencyRegistry,
    private readonly builder: BatchBuilder,
    private readonly idempotency: IdempotencyService,
    private readonly db: DataSource,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  execute(command: InitiateBatchPayoutCommand): Promise<Outcome<BatchPayoutView>> {
    const owner = ownerOf(command.caller);
    const request = {
      scope: idempotencyScope(command.caller),
      key: command.idempotencyKey,
      route: 'POST /v2/payouts/batch',
      body: command.body,
    };
    return this.idempotency.run(request, () => this.prepare(command, owner));
  }

  private async prepare({ caller, body }: InitiateBatchPayoutCommand, owner: RequestOwner): Promise<Prepared<BatchPayoutView>> {
    if ((body.requests === undefined) === (body.requestIds === undefined)) {
      throw invalidField('requests', 'give either requests or requestIds, not both');
    }
    const batch = body.requests ? await this.newPayments(caller, body) : await this.pendingRequests(body, owner);
    checkBatchNetwork(batch.plans, batch.field); // a Tron or mixed batch is a 400 before the payer is looked at
    const payer = payerWalletOn(batch.plans[0].network, body.payer);
    const batchId = ulid();
    const created: NewRequest[] = batch.existing
      ? []
      : batch.plans.map((plan) => newRequestRecord(plan, { owner, payer, batchId }, this.cipher));
    const requests = batch.existing ?? created;
    const built = await this.builder.build({
      plans: batch.plans,
      references: requests.map((r) => r.paymentReference),
      payer,
      field: batch.field,
      recipientField: body.requests ? 'feeAddress' : 'payer',
    });
    return {
      response: { ...built, requests: requests.map((r) => ({ requestId: r.id, paymentReference: r.paymentReference })) },
      persist: (manager) => new RequestsRepository(manager).insert(created),
    };
  }

  private async newPayments(caller: Caller, body: BatchPayoutDto): Promise<Batch> {
    const terms = body.requests!;
    rejectTronTerms(this.registry, terms);
    const fee = feeTermsFor(caller, body);
    const plans = await Promise.all(terms.map((t, i) => this.planner.plan(t, fee, `requests.${i}`)));
    return { plans, existing: null, field: 'requests' };
  }

  private async pendingRequests(body: BatchPayoutDto, owner: RequestOwner): Promise<Batch> {
    if (body.feePercentage !== undefined || body.feeAddress !== undefined) {
      throw invalidField(
        'feePercentage',
        'existing requests keep the fee they were created with: leave feePercentage and feeAddress out with requestIds',
      );
    }
    const ids = body.requestIds!;
    if (new Set(ids).size !== ids.length) throw invalidField('requestIds', 'requestIds must not repeat a request');
    const found = await new RequestsRepository(this.db.manager).byIds(owner, ids);
    const missing = ids.find((id) => !found.some((r) => r.id === id));
    if (missing) throw new PayrailError('NOT_FOUND', `Request ${missing} not found`);
    const settled = found.findIndex((r) => r.status !== 'pending');
    if (settled >= 0) throw invalidField(`requestIds.${settled}`, `request ${found[settled].id} is ${found[settled].status}, not pending`);
    return { plans: found.map((r) => this.planner.fromRecord(r)), existing: found, field: 'requestIds' };
  }
}
