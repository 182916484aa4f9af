import { Injectable } from '@nestjs/common';
import { CurrencyRegistry } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { RequestsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { OfframpOpener } from '../../payments/offramp/offramp-opener.js';
import { ownerOf } from '../../payments/owner.js';
import { payerWalletOn } from '../../payments/planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { PayoutBuilder } from '../../payments/transactions/payout-builder.js';
import type { BuiltPayout } from '../../payments/transactions/single-payout.js';
import type { PayRequestQueryDto } from '../dto/pay-query.dto.js';
import { executableRoutes, payAmountOf, payFeeOf, payPlanOf, requirePayable, selectRoute } from './pay-plan.js';

/**
 * GET /v2/request/{requestId}/pay: the transactions that pay a request (or part of it), built by
 * the payouts' PayoutBuilder from the request's record (PaymentPlanner.fromRecord) under its own
 * payment reference, so the calldata is byte-equal to POST /v2/payouts' (Request Network's
 * encoders) and the wallet's balance, allowance and gas are read in one RPC round trip. Owner only
 * (404 otherwise), like GET /v2/request/{id}; a paid request is 409. The amount defaults to what
 * remains; the fee is the request's own, else the query's (pay-plan). `chain`/`token` must name a
 * route /routes offers; cross-chain and swaps are 400s. With `clientUserId` + `paymentDetailsId` (a
 * crypto-to-fiat request, a compliant payer, approved details) the payment goes to the off-ramp's
 * deposit address instead of the payee, under the same reference (OfframpOpener).
 */
@Injectable()
export class PayRequest {
  constructor(
    private readonly db: DataSource,
    private readonly registry: CurrencyRegistry,
    private readonly planner: PaymentPlanner,
    private readonly payout: PayoutBuilder,
    private readonly offramps: OfframpOpener,
  ) {}

  async execute(command: { caller: Caller; requestId: string; query: PayRequestQueryDto }): Promise<BuiltPayout> {
    const { caller, query } = command;
    const request = await new RequestsRepository(this.db.manager).byId(ownerOf(caller), command.requestId);
    if (!request) throw new PayrailError('NOT_FOUND', 'Request not found');
    requirePayable(request);
    selectRoute(executableRoutes(request, this.registry), query.chain, query.token);
    const offramp = query.clientUserId !== undefined || query.paymentDetailsId !== undefined;
    const planned = this.planner.fromRecord(request);
    const record = offramp ? { ...planned, payee: await this.offramps.depositAddressFor(request, query) } : planned;
    const amount = payAmountOf(request, query.amount);
    const plan = payPlanOf(record, amount, payFeeOf(request, record.network, caller, query, amount));
    const payer = payerWalletOn(plan.network, query.wallet);
    const { transactions, metadata } = await this.payout.build(plan, request.paymentReference, payer);
    return { transactions, metadata };
  }
}
