import { Inject, Injectable } from '@nestjs/common';
import { RequestsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import type { InitiatePayoutDto } from '../dto/initiate-payout.dto.js';
import { payeeOrBound } from '../../payments/destinations/bound-payee.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { idempotencyScope } from '../../payments/idempotency/credential-scope.js';
import { IdempotencyService, type Outcome, type Prepared } from '../../payments/idempotency/idempotency.service.js';
import { ownerOf } from '../../payments/owner.js';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { payerWalletOn } from '../../payments/planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { newRequestRecord } from '../../payments/records/request-record.js';
import type { RecurringPayoutView } from '../recurring/recurring-payout.js';
import { PayoutBuilder } from '../../payments/transactions/payout-builder.js';
import type { BuiltPayout } from '../../payments/transactions/single-payout.js';
import { InitiateRecurringPayout } from './initiate-recurring-payout.use-case.js';

export interface InitiatePayoutCommand {
  caller: Caller;
  body: InitiatePayoutDto;
  idempotencyKey?: string;
}

/** The spec's one-time payout response. */
export interface OneTimePayoutView extends BuiltPayout {
  requestId: string;
  paymentReference: string;
}

/** One-time or, with `recurrence`, recurring. */
export type PayoutView = OneTimePayoutView | RecurringPayoutView;

/**
 * POST /v2/payouts (one-time; `recurrence` goes to InitiateRecurringPayout): resolves the payment, creates its request (requestId, salt,
 * payment reference, owner, receipt data) and answers the transactions to sign with the
 * metadata, built by PayoutBuilder (the payer's state in one RPC round trip, or TronGrid on Tron).
 */
@Injectable()
export class InitiatePayout {
  constructor(
    private readonly planner: PaymentPlanner,
    private readonly builder: PayoutBuilder,
    private readonly idempotency: IdempotencyService,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
    private readonly recurring: InitiateRecurringPayout,
    private readonly db: DataSource,
  ) {}

  async execute(command: InitiatePayoutCommand): Promise<Outcome<PayoutView>> {
    ownerOf(command.caller); // refuses callers that cannot create payouts before any key is read
    // Without payee: the wallet of the payee destination bound to the calling Client ID.
    const payee = await payeeOrBound(this.db.manager, command.caller, command.body.payee);
    if (payee === undefined) throw invalidField('payee', 'payee is required (an EVM or Tron address on the payment network)');
    const body = { ...command.body, payee };
    const { recurrence } = body;
    if (recurrence) return this.recurring.execute({ ...command, body: { ...body, recurrence } });
    return this.idempotency.run(
      { scope: idempotencyScope(command.caller), key: command.idempotencyKey, route: 'POST /v2/payouts', body: command.body },
      () => this.prepare(command.caller, body),
    );
  }

  private async prepare(caller: Caller, body: InitiatePayoutDto & { payee: string }): Promise<Prepared<OneTimePayoutView>> {
    const plan = await this.planner.plan(body, feeTermsFor(caller, body));
    const payer = payerWalletOn(plan.network, body.payerWallet ?? body.payerAddress);
    const record = newRequestRecord(
      plan,
      { owner: ownerOf(caller), payer, customerInfo: body.customerInfo, reference: body.reference },
      this.cipher,
    );
    const built = await this.builder.build(plan, record.paymentReference, payer);
    return {
      response: { requestId: record.id, paymentReference: record.paymentReference, ...built },
      persist: (manager) => new RequestsRepository(manager).insert([record]),
    };
  }
}
