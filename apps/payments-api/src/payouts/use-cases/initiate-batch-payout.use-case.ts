import { Inject, Injectable } from '@nestjs/common';
import { CurrencyRegistry } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { type NewRequest, type RequestOwner, RequestsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { ulid } from 'ulid';
import { DataSource } from 'typeorm';
import { BatchFeeCache } from '../chain/batch-fee.cache.js';
import { type NativeRecipient, NativeRecipientGuard } from '../chain/native-recipients.js';
import { PayerStateReader } from '../chain/payer-state.reader.js';
import type { BatchPayoutDto } from '../dto/batch-payout.dto.js';
import { idempotencyScope } from '../idempotency/credential-scope.js';
import { IdempotencyService, type Outcome, type Prepared } from '../idempotency/idempotency.service.js';
import { ownerOf } from '../../payments/owner.js';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { batchFeeRecipient, checkBatchNetwork, rejectTronTerms } from '../planning/batch-rules.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { payerWalletOn } from '../planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { PlannedPayment } from '../../payments/planning/planned-payment.js';
import { newRequestRecord } from '../../payments/records/request-record.js';
import { type BatchInput, batchStateQuery, type BuiltBatch, buildBatch, encodeBatch } from '../transactions/batch-payout.js';
import { MAX_BATCH_FEE, type BatchFeeSettings, batchFeesOf } from '@payrail/permits';

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
    private readonly reader: PayerStateReader,
    private readonly fees: BatchFeeCache,
    private readonly guard: NativeRecipientGuard,
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
    checkBatchNetwork(batch.plans, batch.field);
    const network = batch.plans[0].network;
    const batchContract = network.contracts.BatchConversionPayments;
    if (!batchContract) throw invalidField(batch.field, `batch payments are not available on ${network.name}`);
    const payer = payerWalletOn(network, body.payer);
    const batchId = ulid();
    const created: NewRequest[] = batch.existing
      ? []
      : batch.plans.map((plan) => newRequestRecord(plan, { owner, payer, batchId }, this.cipher));
    const requests = batch.existing ?? created;
    const recipient = batchFeeRecipient(batch.plans, payer);
    const input: BatchInput = {
      plans: batch.plans,
      references: requests.map((r) => r.paymentReference),
      batchContract,
      feeAddress: recipient.address,
    };
    const { settings, state } = await this.readChain(input, payer, { list: batch.field, recipient: recipient.field });
    requireFeeRecipient(input, settings, body.requests ? 'feeAddress' : 'payer');
    const built = buildBatch(input, encodeBatch(input, settings), settings, state);
    return {
      response: { ...built, requests: requests.map((r) => ({ requestId: r.id, paymentReference: r.paymentReference })) },
      persist: (manager) => new RequestsRepository(manager).insert(created),
    };
  }

  /**
   * One round trip: the payer's state (with a payer), the batch fee settings (unless cached) and
   * the native recipients' code; then, only for a native recipient with code, its simulation.
   * Without the settings cached, the payer's estimates assume the highest batch fee (any excess
   * native value is refunded by the contract), so the estimates need not wait for the read.
   */
  private async readChain(input: BatchInput, payer: string | null, fields: RecipientFields) {
    const network = input.plans[0].network.name;
    const cached = this.fees.get(network, input.batchContract);
    const recipients = this.guard.recipients(nativeRecipients(input, fields));
    const query = payer === null ? null : batchStateQuery(input, encodeBatch(input, cached ?? MAX_BATCH_FEE), payer);
    const feeReads = cached ? [] : this.fees.calls(input.batchContract);
    const reads = await this.reader.readWith(network, query, [...feeReads, ...this.guard.codeCalls(recipients)]);
    if (!reads && !cached) {
      throw new PayrailError(
        'DEPENDENCY_UNAVAILABLE',
        `The batch fee of ${network}'s batch contract cannot be read: no RPC endpoint is configured`,
      );
    }
    const settings: BatchFeeSettings = cached ?? this.fees.store(network, input.batchContract, reads!.extra);
    if (reads && recipients.length > 0) await this.guard.check(network, recipients, reads.extra.slice(feeReads.length));
    return { settings, state: reads?.state };
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

/**
 * Request Network's batch contract transfers an ERC-20 batch fee to the fee address even when it
 * is zero (the zero address makes the token revert) and sends a native one there: a batch without
 * fee address and payer can only go through when it is native and the contract charges no fee.
 */
function requireFeeRecipient(input: BatchInput, settings: BatchFeeSettings, field: string): void {
  if (input.feeAddress) return;
  const fees = batchFeesOf(
    input.plans.map((p, i) => ({
      token: p.token,
      recipient: p.payee,
      amount: p.amount,
      paymentReference: input.references[i],
      feeAmount: p.fee.amount,
    })),
    settings,
  );
  if (fees.tokens.size === 0 && fees.native === 0n) return;
  const give =
    field === 'feeAddress'
      ? 'give feeAddress (it receives the batch fee) or payer (the batch fee then returns to the payer)'
      : 'give payer (the batch fee then returns to the payer)';
  throw invalidField(
    field,
    `${input.plans[0].network.name}'s batch contract pays its batch fee (${Number(settings.bps) / 100}% of the amounts) to the batch's fee address, and transfers an ERC-20 batch fee even when it is zero: ${give}`,
  );
}

/** The request fields that name a batch's payments (`requests`/`requestIds`) and its fee recipient (`feeAddress`/`payer`). */
interface RecipientFields {
  list: string;
  recipient: string;
}

/** Native payees, and the fee recipient when there is a native payment (the proxy pays its fee with `transfer`). */
function nativeRecipients(input: BatchInput, fields: RecipientFields): NativeRecipient[] {
  const recipients: NativeRecipient[] = [];
  input.plans.forEach((plan, i) => {
    if (plan.token !== null) return;
    const leg = { proxy: plan.proxy, paymentReference: input.references[i], amount: plan.amount, feeAmount: plan.fee.amount };
    const field = fields.list === 'requests' ? `requests.${i}.payee` : `requestIds.${i}`;
    recipients.push({ field, address: plan.payee, role: 'payee', leg });
    if (input.feeAddress && !recipients.some((r) => r.role === 'fee')) {
      recipients.push({ field: fields.recipient, address: input.feeAddress, role: 'fee', leg });
    }
  });
  return recipients;
}
