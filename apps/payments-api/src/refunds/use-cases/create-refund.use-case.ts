import { Injectable } from '@nestjs/common';
import { detectAddressKind, parseEvmAddress } from '@payrail/chains';
import {
  exceptionRefundDefault,
  newUlid,
  parseAmount,
  paymentReferenceTopic,
  PayrailError,
  refundEvent,
  refundPaymentReference,
  refundRefusal,
  refundSourceOf,
  type PaymentExceptionRecord,
} from '@payrail/domain';
import {
  appendToOutbox,
  InvoicesRepository,
  PaymentExceptionsRepository,
  RefundsRepository,
  RequestsRepository,
  type NewRefund,
  type RefundRecord,
  type RequestEntity,
} from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { formatUnits } from 'ethers';
import { DataSource, type EntityManager } from 'typeorm';
import { idempotencyScope } from '../../payments/idempotency/credential-scope.js';
import { IdempotencyService, type Outcome, type Prepared } from '../../payments/idempotency/idempotency.service.js';
import { ownerOf } from '../../payments/owner.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { DepositInstructions } from '../../payments/chain/deposit-instructions.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { refundPlan, refundSummary, type RefundView } from '../../payments/records/refund-view.js';
import { PayoutBuilder } from '../../payments/transactions/payout-builder.js';
import type { CreateRefundDto } from '../dto/create-refund.dto.js';
import { exceedsShare, forwarderRefund, forwarderShare, refundTypedData } from './forwarder-refund.js';

export interface CreateRefundCommand {
  caller: Caller;
  requestId: string;
  body: CreateRefundDto;
  idempotencyKey?: string;
  /** Set by a caller resolving a payment exception (POST /v2/exceptions/{id}/refund); stored and echoed. */
  exceptionId?: string;
}

const refused = (message: string) => new PayrailError('CONFLICT', message);

/** 409: the amount asked is more than is left to refund (paid minus refunds that have not failed). */
const exceeds = (refundable: bigint, decimals: number) =>
  new PayrailError('CONFLICT', `Refund exceeds the refundable amount: ${formatUnits(refundable, decimals)} is left to refund`, {
    fields: [{ field: 'amount', message: `exceeds the refundable amount (${formatUnits(refundable, decimals)} left)` }],
  });

/**
 * POST /v2/request/{requestId}/refunds: gives back all or part of what a request was paid, from the
 * payee's wallet (Payrail is non-custodial): the answer carries the transactions the payee signs,
 * built by the payouts' PayoutBuilder through the request's own fee proxy to the refund address,
 * fee 0, under the refund's own payment reference so detection confirms it (refund.confirmed,
 * payment.refunded). Idempotency-Key is required. The refundable amount (paid minus refunds that
 * have not failed) is checked again under the request's row lock in the transaction that stores
 * the refund, so concurrent refunds never give back more than was paid. With `exceptionId` (the
 * body's, or POST /v2/exceptions/{id}/refund's), the exception must be one of this request's, open,
 * refundable (not wrong_token / unsweepable) and without a refund under way, checked again under its
 * row lock when the refund is stored; `amount` then defaults to the exception's (exceptionRefundDefault).
 */
@Injectable()
export class CreateRefund {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
    private readonly payout: PayoutBuilder,
    private readonly idempotency: IdempotencyService,
    private readonly deposits: DepositInstructions,
  ) {}

  execute(command: CreateRefundCommand): Promise<Outcome<RefundView>> {
    const owner = ownerOf(command.caller);
    if (command.idempotencyKey === undefined) {
      throw new PayrailError('VALIDATION_FAILED', 'Validation failed: Idempotency-Key is required on refunds', {
        fields: [{ field: 'Idempotency-Key', message: 'is required: a retried refund must never give money back twice' }],
      });
    }
    return this.idempotency.run(
      {
        scope: idempotencyScope(command.caller),
        key: command.idempotencyKey,
        route: `POST /v2/request/${command.requestId}/refunds`,
        body: { ...command.body, exceptionId: command.exceptionId ?? command.body.exceptionId },
      },
      async () => {
        const request = await new RequestsRepository(this.db.manager).byId(owner, command.requestId);
        if (!request) throw new PayrailError('NOT_FOUND', 'Request not found');
        return this.prepare(request, command);
      },
    );
  }

  private async prepare(request: RequestEntity, command: CreateRefundCommand): Promise<Prepared<RefundView>> {
    const planned = this.planner.fromRecord(request);
    if (planned.network.kind !== 'evm') throw refused('Refunds of Tron payments are not offered yet: send them from the payee’s wallet');
    const exceptionId = command.exceptionId ?? command.body.exceptionId ?? null;
    const exception = exceptionId === null ? null : await this.exceptionOf(this.db.manager, request.id, exceptionId, false);
    const source = exception ? refundSourceOf(exception.kind) : (command.body.source ?? 'payee_wallet');
    if (source === 'deposit_forwarder') return this.prepareForwarder(request, command, exception);
    const refunds = new RefundsRepository(this.db.manager);
    if (request.amountPaid === 0n) throw refused(`Nothing to refund: request ${request.id} has not been paid (status ${request.status})`);
    const refundable = request.amountPaid - (await refunds.reserved(request.id));
    if (refundable <= 0n) throw refused('Nothing left to refund: earlier refunds already give back everything that was paid');
    const byDefault = exception ? exceptionRefundDefault(exception) : refundable;
    if (byDefault <= 0n) throw refused('Nothing to refund for this exception: it received nothing refundable');
    const amount = command.body.amount === undefined ? byDefault : this.amountOf(command.body.amount, request.currencyDecimals);
    if (amount > refundable) throw exceeds(refundable, request.currencyDecimals);
    const to = await this.refundAddress(request, command.body.refundAddress);
    const id = newUlid();
    const paymentReference = refundPaymentReference(request.id, id);
    const refund: NewRefund = {
      id,
      requestId: request.id,
      platformId: request.platformId,
      exceptionId,
      network: request.network,
      currency: request.paymentCurrency,
      token: request.currencyAddress,
      decimals: request.currencyDecimals,
      proxy: request.proxyAddress,
      from: request.payee,
      to,
      amount,
      paymentReference,
      referenceTopic: paymentReferenceTopic(paymentReference),
      source: 'payee_wallet',
      forwarderRefund: null,
    };
    const built = await this.payout.build(refundPlan(planned, refund), paymentReference, request.payee);
    const record = this.stored(refund);
    return {
      response: { ...refundSummary(record), transactions: built.transactions, metadata: built.metadata, typedData: null },
      persist: (m) => this.persist(new RefundsRepository(m), record, m),
    };
  }

  /**
   * A refund of funds the deposit forwarder holds (wrong_token, unsweepable, or the excess above
   * amount + fee): the payee signs the answer's typed data, the relayer sends it. The refund
   * address is required (the deposit's sender is an exchange or a plain wallet, not a refund address).
   */
  private async prepareForwarder(
    request: RequestEntity,
    command: CreateRefundCommand,
    exception: PaymentExceptionRecord | null,
  ): Promise<Prepared<RefundView>> {
    if (command.body.refundAddress === undefined)
      throw invalidField('refundAddress', 'refundAddress is required for a refund of funds held in a deposit forwarder');
    const to = await this.refundAddress(request, command.body.refundAddress);
    const id = newUlid();
    const paymentReference = refundPaymentReference(request.id, id);
    const decimals = exception?.kind === 'wrong_token' ? (exception.receivedDecimals ?? 0) : request.currencyDecimals;
    const amount = command.body.amount === undefined ? undefined : this.amountOf(command.body.amount, decimals);
    const base = {
      id,
      requestId: request.id,
      platformId: request.platformId,
      exceptionId: exception?.id ?? null,
      network: request.network,
      proxy: request.proxyAddress,
      to,
      paymentReference,
      referenceTopic: paymentReferenceTopic(paymentReference),
    };
    const refund = await forwarderRefund(this.db, this.deposits, base, request, exception, amount, new Date());
    const record = this.stored(refund);
    const typedData = refundTypedData(record, this.deposits.forwarderOf(request)!.chainId);
    return {
      response: { ...refundSummary(record), transactions: [], metadata: null, typedData },
      persist: async (m) => {
        await new RefundsRepository(m).lockRequest(record.requestId);
        const share = await forwarderShare(m, request, exception, this.deposits.forwarderOf(request)!.token);
        if (record.amount > share.refundable) throw exceedsShare(share);
        await this.persist(new RefundsRepository(m), record, m);
      },
    };
  }

  private stored(refund: NewRefund): RefundRecord {
    return {
      ...refund,
      status: 'awaiting_signature',
      failureReason: null,
      txHash: null,
      confirmedAt: null,
      createdAt: new Date(),
      signature: null,
    };
  }

  /** Stores the refund and its refund.created; a payee-wallet refund's amount checked again under the request's lock. */
  private async persist(refunds: RefundsRepository, record: RefundRecord, m: EntityManager): Promise<void> {
    await refunds.lockRequest(record.requestId);
    if (record.exceptionId !== null) await this.exceptionOf(m, record.requestId, record.exceptionId, true);
    if (record.source === 'payee_wallet') {
      const refundable = (await refunds.amountPaid(record.requestId)) - (await refunds.reserved(record.requestId));
      if (record.amount > refundable) throw exceeds(refundable, record.decimals);
    }
    await refunds.insert(record);
    await appendToOutbox(m, [refundEvent('refund.created', record, await refunds.requestIdentity(record.requestId), record.createdAt)]);
  }

  /**
   * The request's exception a refund resolves (another request's or none: 404), refused (409) unless
   * it can be refunded now; locked when `lock` (in the transaction that stores the refund).
   */
  private async exceptionOf(m: EntityManager, requestId: string, exceptionId: string, lock: boolean): Promise<PaymentExceptionRecord> {
    const exceptions = new PaymentExceptionsRepository(m);
    const found = lock
      ? await exceptions.lockById(exceptionId)
      : (await exceptions.ofRequests([requestId])).find((e) => e.id === exceptionId);
    if (!found || found.requestId !== requestId) throw new PayrailError('NOT_FOUND', 'Exception not found on this request');
    const refusal = refundRefusal(found.status, await new RefundsRepository(m).liveForException(requestId, exceptionId));
    if (refusal) throw refused(refusal);
    return found;
  }

  private amountOf(text: string, decimals: number): bigint {
    const parsed = parseAmount(text, decimals);
    if (!parsed.ok) throw invalidField('amount', `amount ${parsed.reason}`);
    if (parsed.units === 0n) throw invalidField('amount', 'amount must be more than 0');
    return parsed.units;
  }

  /**
   * Where the refund goes: the address given, else the wallet that sent the payment. A payment
   * through a deposit address was sent by an exchange or a forwarder, never the payer's wallet:
   * the address is required there.
   */
  private async refundAddress(request: RequestEntity, given: string | undefined): Promise<string> {
    if (given !== undefined) {
      if (detectAddressKind(given) !== 'evm') throw invalidField('refundAddress', `refundAddress must be an address of ${request.network}`);
      return parseEvmAddress(given)!;
    }
    if (await new RefundsRepository(this.db.manager).paidThroughDeposit(request.id)) {
      throw invalidField(
        'refundAddress',
        'refundAddress is required: this request was paid through a deposit address, whose sender (an exchange or the forwarder) is not a refund address',
      );
    }
    const payments = await new InvoicesRepository(this.db.manager).payments(request);
    const payer = payments.at(-1)?.from_address ?? null;
    if (payer === null) throw invalidField('refundAddress', 'refundAddress is required: the paying wallet is not known');
    return parseEvmAddress(payer) ?? payer;
  }
}
