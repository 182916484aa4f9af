import { Inject, Injectable, Logger } from '@nestjs/common';
import { decodeTronContractCall, type TronBroadcaster, type TronContractCall, TronTransactionRejected } from '@payrail/chains';
import { effectiveStatus, hasBeenPaid, payerAllowed, PayrailError } from '@payrail/domain';
import { RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { ClientIdCaller } from '@payrail/platform';
import { tronApprove } from '@payrail/permits';
import { DataSource } from 'typeorm';
import { invalidField } from '../../payments/planning/invalid.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { tronPayout } from '../../payments/transactions/tron-payout.js';
import { securePaymentNotFound } from '../access/page-access.js';
import { pageReaderOf } from '../creator.js';
import type { TronBroadcastAnswerDto, TronBroadcastDto } from '../dto/tron-broadcast.dto.js';
import { TRON_BROADCASTER } from '../tron-broadcaster.js';
import { RecordPaymentIntent } from './record-payment-intent.use-case.js';

const field = (name: string) => `signedTransaction.${name}`;

/**
 * POST /v2/secure-payments/{token}/tron/broadcast: relays the page's signed TronWeb transaction
 * through the Tron node port (TronGridBroadcaster on TRON_API_URL) after checking it is one of the
 * link's own calls, rebuilt here as the pay route builds them: `approve(feeProxy, amount + fee)`
 * (or `approve(feeProxy, 0)`, the reset some tokens need) on the payment's TRC-20, or the fee
 * proxy's `transferFromWithReferenceAndFee` to the payee with the link's amount, fee and payment
 * reference; calldata, contract and a zero call value must match exactly (400 naming the field
 * otherwise). The signer must be allowed by the link's allowlist (403). The payment call is first
 * recorded as the link's payment intent (the intent route's caps: 429 beyond, before anything is
 * relayed; chain-worker then watches for it), so a flood is bounded like intents; the route also
 * has the intents' per-token-and-IP limit. A node that refuses the transaction or does not answer
 * is 502 with the node's code and message.
 */
@Injectable()
export class BroadcastTron {
  private readonly logger = new Logger('TronBroadcast');

  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
    private readonly intents: RecordPaymentIntent,
    @Inject(TRON_BROADCASTER) private readonly node: TronBroadcaster | null,
  ) {}

  async execute({
    caller,
    token,
    body,
  }: {
    caller: ClientIdCaller;
    token: string;
    body: TronBroadcastDto;
  }): Promise<TronBroadcastAnswerDto> {
    const payment = await new SecurePaymentsRepository(this.db.manager).forReader(pageReaderOf(caller), token);
    if (!payment) throw securePaymentNotFound();
    const status = effectiveStatus(payment.status, payment.expiresAt, new Date());
    if (status !== 'pending') throw new PayrailError('FORBIDDEN', `Secure payment is ${status}: it can no longer be paid`);
    const [request] = await new RequestsRepository(this.db.manager).byIds({ platformId: payment.platformId }, payment.requestIds);
    if (payment.paymentType !== 'single' || !request || request.network !== 'tron')
      throw invalidField('token', 'This secure payment is not paid on Tron: send its transactions from the wallet');
    if (hasBeenPaid(request.status)) throw new PayrailError('FORBIDDEN', 'Secure payment is already paid: it can no longer be paid');
    const call = await decoded(body);
    const kind = this.kindOf(call, request);
    if (!payerAllowed(payment.accessPolicy.allowedPayerAddresses, call.owner))
      throw new PayrailError('FORBIDDEN', 'This wallet is not allowed to pay this secure payment');
    if (kind === 'payment')
      await this.intents.execute({ caller, token, body: { txHash: call.txID, chain: 'tron', payerAddress: call.owner } });
    if (!this.node) throw new PayrailError('DEPENDENCY_UNAVAILABLE', 'Tron is not configured on this server (TRON_API_URL)');
    const answer = await this.node.broadcast({ ...body.signedTransaction, txID: call.txID }).catch((error: unknown) => {
      this.logger.warn({ err: error, token, txid: call.txID }, 'the Tron node did not answer a broadcast');
      throw new PayrailError('UPSTREAM_FAILED', 'Broadcast failed: the Tron node did not answer');
    });
    if (!answer.result)
      throw new PayrailError(
        'UPSTREAM_FAILED',
        `Broadcast failed: ${[answer.code, answer.message].filter(Boolean).join(': ') || 'refused by the node'}`,
      );
    return { ...answer, txid: answer.txid || call.txID };
  }

  /** Which of the link's calls this is (the pay route's Tron transactions, rebuilt); a 400 naming the mismatch otherwise. */
  private kindOf(call: TronContractCall, request: Parameters<PaymentPlanner['fromRecord']>[0]): 'approval' | 'payment' {
    const plan = this.planner.fromRecord(request);
    const { transactions, metadata } = tronPayout(plan, request.paymentReference);
    const payment = transactions[metadata.paymentTransactionIndex];
    const approvals = [tronApprove(plan.token!, plan.proxy, 0n), ...transactions.filter((t) => t !== payment)];
    if (call.callValue !== 0n) throw invalidField(field('raw_data_hex'), 'the call must not send TRX (call_value 0)');
    const same = (t: { to: string; data: string }) => t.to === call.contract && t.data.toLowerCase() === call.data;
    if (same(payment)) return 'payment';
    if (approvals.some(same)) return 'approval';
    const known = call.contract === payment.to || call.contract === plan.token;
    throw invalidField(
      field('raw_data_hex'),
      known
        ? "the call does not match this payment's approval or transfer (payee, amount, fee or payment reference differ)"
        : `the call is not to this payment's token (${plan.token}) or fee proxy (${plan.proxy})`,
    );
  }
}

async function decoded(body: TronBroadcastDto): Promise<TronContractCall> {
  try {
    return await decodeTronContractCall(body.signedTransaction);
  } catch (error) {
    if (error instanceof TronTransactionRejected) throw invalidField(field(error.field), error.message);
    throw error;
  }
}
