import { Injectable } from '@nestjs/common';
import { type NativeRecipient, NativeRecipientGuard } from '../chain/native-recipients.js';
import { PayerStateReader } from '../chain/payer-state.reader.js';
import { TronPayerStateReader } from '../chain/tron-payer-state.reader.js';
import type { PlannedPayment } from '../planning/planned-payment.js';
import { type BuiltPayout, buildPayout, evmCalls, payerStateQuery } from './single-payout.js';
import { tronPayout } from './tron-payout.js';

/**
 * The transactions and metadata of one planned payment under its payment reference, as
 * POST /v2/payouts answers them (shared with the hosted page's GET /v2/secure-payments/{token}/pay).
 * With a payer wallet on an EVM network, its balances, allowance and gas are read in one RPC round
 * trip; a native payment's round trip also reads the payee's and fee address's code, and a
 * recipient with code is simulated through the proxy (one more round trip) so one that cannot be
 * paid is a 400 before the payer signs. On Tron, the payer's TRX, token balance and allowance come
 * through TronGrid (two requests sent at once, see tronPayout).
 */
@Injectable()
export class PayoutBuilder {
  constructor(
    private readonly reader: PayerStateReader,
    private readonly tronReader: TronPayerStateReader,
    private readonly guard: NativeRecipientGuard,
  ) {}

  async build(plan: PlannedPayment, reference: string, payer: string | null): Promise<BuiltPayout> {
    if (plan.network.kind === 'tron') return this.tron(plan, reference, payer);
    const calls = evmCalls(plan, reference);
    const recipients = plan.token === null ? this.nativeRecipients(plan, reference) : [];
    const query = payer !== null ? payerStateQuery(plan, calls, payer) : null;
    const reads = await this.reader.readWith(plan.network.name, query, this.guard.codeCalls(recipients));
    if (reads && recipients.length > 0) await this.guard.check(plan.network.name, recipients, reads.extra);
    return buildPayout(plan, reference, reads?.state, calls);
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
