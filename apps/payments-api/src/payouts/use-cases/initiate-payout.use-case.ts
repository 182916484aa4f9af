import { Inject, Injectable } from '@nestjs/common';
import { RequestsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { type NativeRecipient, NativeRecipientGuard } from '../chain/native-recipients.js';
import { PayerStateReader } from '../chain/payer-state.reader.js';
import { TronPayerStateReader } from '../chain/tron-payer-state.reader.js';
import type { InitiatePayoutDto } from '../dto/initiate-payout.dto.js';
import { idempotencyScope } from '../idempotency/credential-scope.js';
import { IdempotencyService, type Outcome, type Prepared } from '../idempotency/idempotency.service.js';
import { ownerOf } from '../../payments/owner.js';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { payerWalletOn } from '../planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import type { PlannedPayment } from '../../payments/planning/planned-payment.js';
import { newRequestRecord } from '../../payments/records/request-record.js';
import type { RecurringPayoutView } from '../recurring/recurring-payout.js';
import { type BuiltPayout, buildPayout, evmCalls, payerStateQuery } from '../transactions/single-payout.js';
import { tronPayout } from '../transactions/tron-payout.js';
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
 * metadata. With a payer wallet on an EVM network, its balances, allowance and gas are read
 * in one RPC round trip before answering; a native payout's round trip also reads the payee's and
 * fee address's code, and a recipient with code is simulated through the proxy (one more round
 * trip) so one that cannot be paid is a 400 before the payer signs. On Tron, the payer's TRX,
 * token balance and allowance come through TronGrid (two requests sent at once, see tronPayout).
 */
@Injectable()
export class InitiatePayout {
  constructor(
    private readonly planner: PaymentPlanner,
    private readonly reader: PayerStateReader,
    private readonly tronReader: TronPayerStateReader,
    private readonly guard: NativeRecipientGuard,
    private readonly idempotency: IdempotencyService,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
    private readonly recurring: InitiateRecurringPayout,
  ) {}

  execute(command: InitiatePayoutCommand): Promise<Outcome<PayoutView>> {
    ownerOf(command.caller); // refuses callers that cannot create payouts before any key is read
    const { recurrence } = command.body;
    if (recurrence) return this.recurring.execute({ ...command, body: { ...command.body, recurrence } });
    return this.idempotency.run(
      { scope: idempotencyScope(command.caller), key: command.idempotencyKey, route: 'POST /v2/payouts', body: command.body },
      () => this.prepare(command),
    );
  }

  private async prepare({ caller, body }: InitiatePayoutCommand): Promise<Prepared<OneTimePayoutView>> {
    const plan = await this.planner.plan(body, feeTermsFor(caller, body));
    const payer = payerWalletOn(plan.network, body.payerWallet ?? body.payerAddress);
    const record = newRequestRecord(
      plan,
      { owner: ownerOf(caller), payer, customerInfo: body.customerInfo, reference: body.reference },
      this.cipher,
    );
    const calls = plan.network.kind === 'evm' ? evmCalls(plan, record.paymentReference) : undefined;
    const recipients = calls && plan.token === null ? this.nativeRecipients(plan, record.paymentReference) : [];
    const query = payer !== null && calls ? payerStateQuery(plan, calls, payer) : null;
    const reads = calls ? await this.reader.readWith(plan.network.name, query, this.guard.codeCalls(recipients)) : undefined;
    if (reads && recipients.length > 0) await this.guard.check(plan.network.name, recipients, reads.extra);
    const built =
      plan.network.kind === 'tron'
        ? await this.tron(plan, record.paymentReference, payer)
        : buildPayout(plan, record.paymentReference, reads?.state, calls);
    return {
      response: { requestId: record.id, paymentReference: record.paymentReference, ...built },
      persist: (manager) => new RequestsRepository(manager).insert([record]),
    };
  }

  private async tron(plan: PlannedPayment, reference: string, payer: string | null): Promise<BuiltPayout> {
    const state =
      payer !== null && plan.token !== null ? await this.tronReader.read({ payer, token: plan.token, proxy: plan.proxy }) : undefined;
    return tronPayout(plan, reference, state);
  }

  private nativeRecipients(plan: PlannedPayment, paymentReference: string): NativeRecipient[] {
    const leg = { proxy: plan.proxy, paymentReference, amount: plan.amount, feeAmount: plan.fee.amount };
    return this.guard.recipients([
      { field: 'payee', address: plan.payee, role: 'payee', leg },
      plan.fee.address ? { field: 'feeAddress', address: plan.fee.address, role: 'fee', leg } : null,
    ]);
  }
}
