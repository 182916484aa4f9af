import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type BatchFeeSettings, batchFeesOf, MAX_BATCH_FEE } from '@payrail/permits';
import { BatchFeeCache } from '../chain/batch-fee.cache.js';
import { type NativeRecipient, NativeRecipientGuard } from '../chain/native-recipients.js';
import { PayerStateReader } from '../chain/payer-state.reader.js';
import { batchFeeRecipient, checkBatchNetwork } from '../planning/batch-rules.js';
import { invalidField } from '../planning/invalid.js';
import type { PlannedPayment } from '../planning/planned-payment.js';
import { type BatchInput, batchStateQuery, type BuiltBatch, buildBatch, encodeBatch } from './batch-payout.js';

/** The request fields that name a batch's payments (`requests`/`requestIds`) and its fee recipient (`feeAddress`/`payer`). */
export interface RecipientFields {
  list: string;
  recipient: string;
}

/** A batch to build: its planned payments with their payment references, and the payer (null: unchecked). */
export interface BatchOrder {
  plans: PlannedPayment[];
  references: string[];
  payer: string | null;
  /** The request field naming the payments (`requests` or `requestIds`), for 400s. */
  field: string;
  /** The field a missing fee recipient is reported on (`feeAddress` for new payments, `payer` for existing ones). */
  recipientField: string;
}

/**
 * The batch answer `{ERC20ApprovalTransactions, batchPaymentTransaction, metadata}` of planned
 * payments on one EVM network through its batch contract, as POST /v2/payouts/batch answers it
 * (shared with the hosted page's multicall pay route).
 */
@Injectable()
export class BatchBuilder {
  constructor(
    private readonly reader: PayerStateReader,
    private readonly fees: BatchFeeCache,
    private readonly guard: NativeRecipientGuard,
  ) {}

  async build(order: BatchOrder): Promise<BuiltBatch> {
    checkBatchNetwork(order.plans, order.field);
    const network = order.plans[0].network;
    const batchContract = network.contracts.BatchConversionPayments;
    if (!batchContract) throw invalidField(order.field, `batch payments are not available on ${network.name}`);
    const recipient = batchFeeRecipient(order.plans, order.payer);
    const input: BatchInput = { plans: order.plans, references: order.references, batchContract, feeAddress: recipient.address };
    const { settings, state } = await this.readChain(input, order.payer, { list: order.field, recipient: recipient.field });
    requireFeeRecipient(input, settings, order.recipientField);
    return buildBatch(input, encodeBatch(input, settings), settings, state);
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
