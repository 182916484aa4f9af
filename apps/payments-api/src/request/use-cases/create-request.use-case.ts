import { Inject, Injectable } from '@nestjs/common';
import { plainDecimal } from '@payrail/domain';
import { InvoicesRepository, RequestsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import type { CreateRequestDto } from '../dto/create-request.dto.js';
import { idempotencyScope } from '../../payments/idempotency/credential-scope.js';
import { IdempotencyService, type Outcome, type Prepared } from '../../payments/idempotency/idempotency.service.js';
import { payeeOrBound } from '../../payments/destinations/bound-payee.js';
import { ownerOf } from '../../payments/owner.js';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { payerWalletOn } from '../../payments/planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { newRequestRecord } from '../../payments/records/request-record.js';

export interface CreateRequestCommand {
  caller: Caller;
  body: CreateRequestDto;
  idempotencyKey?: string;
}

export interface CreatedRequest {
  requestId: string;
  paymentReference: string;
}

/** A date without a time starts at 00:00 UTC of that day. */
const startOf = (startDate: string): Date => new Date(/^\d{4}-\d{2}-\d{2}$/.test(startDate) ? `${startDate}T00:00:00Z` : startDate);

/**
 * POST /v2/request: an invoice, a request the payee issues and a payer pays later (GET
 * /v2/request/{id}/pay). The terms resolve as a payout's do (PaymentPlanner: currencies, payee on
 * the payment network, a fiat amount converted at the current rate, rounded up in the payee's
 * favour, the Client ID's fee if it has one); the request is stored with its invoice columns and,
 * when recurring, the due time of its next period. Idempotency-Key as on payouts.
 */
@Injectable()
export class CreateRequest {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
    private readonly idempotency: IdempotencyService,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  execute(command: CreateRequestCommand): Promise<Outcome<CreatedRequest>> {
    ownerOf(command.caller); // refuses callers that cannot create requests before any key is read
    return this.idempotency.run(
      { scope: idempotencyScope(command.caller), key: command.idempotencyKey, route: 'POST /v2/request', body: command.body },
      () => this.prepare(command),
    );
  }

  private async prepare({ caller, body: sent }: CreateRequestCommand): Promise<Prepared<CreatedRequest>> {
    const body = { ...sent, payee: await payeeOrBound(this.db.manager, caller, sent.payee) };
    if (body.payee === undefined) {
      throw invalidField(
        'payee',
        body.isCryptoToFiatAvailable
          ? 'payee is required: crypto-to-fiat requests (isCryptoToFiatAvailable without a payee) are not offered by Payrail yet'
          : 'payee is required (an EVM or Tron address on the payment network)',
      );
    }
    const amount = plainDecimal(body.amount);
    if (!amount.ok) throw invalidField('amount', `amount ${amount.reason}`);
    const owner = ownerOf(caller);
    const original = await this.original(owner, body);
    const plan = await this.planner.plan({ ...body, payee: body.payee, amount: amount.plain }, feeTermsFor(caller, {}));
    const payer = body.payer === undefined ? null : this.payerOn(plan.network, body.payer);
    const record = {
      ...newRequestRecord(plan, { owner, payer, customerInfo: body.customerInfo, reference: body.reference }, this.cipher),
      kind: 'invoice' as const,
      isCryptoToFiatAvailable: body.isCryptoToFiatAvailable ?? false,
      recurrenceFrequency: body.recurrence?.frequency ?? null,
      recurrenceStart: body.recurrence ? startOf(body.recurrence.startDate) : null,
      recurrencePeriod: body.recurrence ? 0 : null,
      originalRequestId: original?.id ?? null,
      originalRequestPaymentReference: original?.paymentReference ?? null,
    };
    return {
      response: { requestId: record.id, paymentReference: record.paymentReference },
      persist: (manager) => new InvoicesRepository(manager).insert(record),
    };
  }

  /** The request named by originalRequestId / originalRequestPaymentReference: one of the caller's, both naming the same. */
  private async original(owner: ReturnType<typeof ownerOf>, body: CreateRequestDto) {
    const { originalRequestId: id, originalRequestPaymentReference: reference } = body;
    if (id === undefined) {
      if (reference !== undefined)
        throw invalidField('originalRequestId', 'originalRequestId is required with originalRequestPaymentReference');
      return undefined;
    }
    if (body.recurrence) {
      throw invalidField(
        'originalRequestId',
        'originalRequestId cannot be given with recurrence: a recurring invoice starts its own series',
      );
    }
    const found = await new RequestsRepository(this.db.manager).byId(owner, id);
    if (!found) throw invalidField('originalRequestId', 'originalRequestId is not a request of this caller');
    if (reference !== undefined && reference.toLowerCase() !== found.paymentReference.toLowerCase()) {
      throw invalidField(
        'originalRequestPaymentReference',
        "originalRequestPaymentReference is not the original request's payment reference",
      );
    }
    return found;
  }

  /** The expected payer as an account of the payment network (a 400 naming payer otherwise, not the payouts' 404). */
  private payerOn(network: Parameters<typeof payerWalletOn>[0], wallet: string): string {
    try {
      return payerWalletOn(network, wallet)!;
    } catch {
      throw invalidField('payer', `payer must be an address of the payment network (${network.name})`);
    }
  }
}
