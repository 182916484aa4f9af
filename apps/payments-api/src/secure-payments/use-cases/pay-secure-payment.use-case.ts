import { Injectable } from '@nestjs/common';
import { effectiveStatus, hasBeenPaid, PayrailError, type SecurePaymentStatus } from '@payrail/domain';
import { type RequestEntity, RequestsRepository, type SecurePaymentEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { payerWalletOn } from '../../payments/planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { BatchBuilder } from '../../payments/transactions/batch-builder.js';
import type { BuiltBatch } from '../../payments/transactions/batch-payout.js';
import { PayoutBuilder } from '../../payments/transactions/payout-builder.js';
import type { BuiltPayout } from '../../payments/transactions/single-payout.js';
import { PageAccess, type PageAccessOutcome, type PageCommand, securePaymentNotFound } from '../access/page-access.js';
import { MulticallState } from '../views/multicall-state.js';

/** A request paid by the answer: its id and payment reference (what the intent route and detection match on). */
export interface PaidRequest {
  requestId: string;
  paymentReference: string;
}

/** A single payment: POST /v2/payouts' one-time answer for the payment's own request. */
export type SinglePayView = BuiltPayout & PaidRequest;

/** A multicall or batch link: POST /v2/payouts/batch's answer over the executable children (the unpaid requests of a batch). */
export type MulticallPayView = BuiltBatch & { requests: PaidRequest[] };

const notPayable = (status: SecurePaymentStatus) =>
  new PayrailError(
    'CONFLICT',
    `Secure payment is ${status === 'completed' ? 'already paid (completed)' : status}: it can no longer be paid`,
  );

/**
 * GET /v2/secure-payments/{token}/pay: the transactions the page's wallet sends, built by the
 * payouts' builders (PayoutBuilder, BatchBuilder: the same transactions, metadata and one RPC round
 * trip as POST /v2/payouts and /v2/payouts/batch) for the request(s) the link already has. Same
 * query, auth and access rules as the record (PageAccess); the calldata names the payee, so a
 * payment that hides it answers only a wallet allowed to see it (proven, allowed, KYT-approved
 * with screening). A payment that is no longer open is 409 naming its status. The funds holder
 * (`eoaWallet`, else `wallet`) is the payer whose balances, allowances and gas are checked.
 */
@Injectable()
export class PaySecurePayment {
  constructor(
    private readonly db: DataSource,
    private readonly access: PageAccess,
    private readonly planner: PaymentPlanner,
    private readonly payout: PayoutBuilder,
    private readonly batch: BatchBuilder,
    private readonly multicall: MulticallState,
  ) {}

  async execute(command: PageCommand): Promise<SinglePayView | MulticallPayView> {
    const { payment, proven } = await this.access.load(command, 'pay');
    const outcome = await this.access.decide(payment, proven, command.query);
    const now = new Date();
    const status = effectiveStatus(payment.status, payment.expiresAt, now);
    if (status !== 'pending' && status !== 'partially_settled') throw notPayable(status);
    requireUnmaskedPayer(outcome);
    if (payment.paymentType === 'batch') return this.payBatch(payment, outcome);
    return payment.paymentType === 'multicall' ? this.payMulticall(payment, outcome, now) : this.paySingle(payment, outcome);
  }

  private async paySingle(payment: SecurePaymentEntity, outcome: PageAccessOutcome): Promise<SinglePayView> {
    const [request] = await new RequestsRepository(this.db.manager).byIds(
      { platformId: payment.platformId },
      payment.requestIds.slice(0, 1),
    );
    if (!request) throw securePaymentNotFound();
    if (hasBeenPaid(request.status)) throw notPayable('completed');
    const second = payment.feePlan?.secondFee ?? null;
    const plan = { ...this.planner.fromRecord(request), secondFee: second && { address: second.address, amount: BigInt(second.amount) } };
    const payer = payerWalletOn(plan.network, outcome.declared);
    const built = await this.payout.build(plan, request.paymentReference, payer);
    return { requestId: request.id, paymentReference: request.paymentReference, ...built };
  }

  /** A batch link: one batch transaction over its requests not paid yet (in the link's order). */
  private async payBatch(payment: SecurePaymentEntity, outcome: PageAccessOutcome): Promise<MulticallPayView> {
    const requests = await new RequestsRepository(this.db.manager).byIds({ platformId: payment.platformId }, payment.requestIds);
    const byId = new Map(requests.map((r) => [r.id, r]));
    const payable = payment.requestIds.flatMap((id) => byId.get(id) ?? []).filter((r) => !hasBeenPaid(r.status));
    if (payable.length === 0) throw notPayable('completed');
    return this.buildBatch(payable, outcome, 'tokens');
  }

  private async payMulticall(payment: SecurePaymentEntity, outcome: PageAccessOutcome, now: Date): Promise<MulticallPayView> {
    const { children, requestById } = await this.multicall.parts(payment, now, false, false);
    const payable = children.filter((c) => c.executable).map((c) => requestById.get(c.requestId)!);
    if (payable.length === 0) {
      throw new PayrailError(
        'CONFLICT',
        'No child of this multicall payout can be paid now (each is paid, expired, invalidated or blocked)',
      );
    }
    return this.buildBatch(payable, outcome, 'children');
  }

  private async buildBatch(payable: RequestEntity[], outcome: PageAccessOutcome, field: string): Promise<MulticallPayView> {
    const plans = payable.map((r) => this.planner.fromRecord(r));
    const payer = payerWalletOn(plans[0].network, outcome.declared);
    const references = payable.map((r) => r.paymentReference);
    const built = await this.batch.build({ plans, references, payer, field, recipientField: 'wallet' });
    return { ...built, requests: payable.map((r) => ({ requestId: r.id, paymentReference: r.paymentReference })) };
  }
}

/**
 * The calldata names the payee: a payment that hides it answers only a wallet that may see it, and
 * a wallet KYT rejected gets nothing to pay with (the record shows it the masked page).
 */
function requireUnmaskedPayer(outcome: PageAccessOutcome): void {
  if (outcome.decision.status === 'rejected') {
    throw new PayrailError('FORBIDDEN', 'This wallet did not pass screening and cannot pay this secure payment');
  }
  if (outcome.masked) {
    throw new PayrailError(
      'FORBIDDEN',
      'This payment hides its payee: prove control of the paying wallet (x-wallet-proof, action view-secure-payment) to get its transactions',
    );
  }
}
