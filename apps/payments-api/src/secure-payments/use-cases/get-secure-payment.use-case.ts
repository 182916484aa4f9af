import { Injectable } from '@nestjs/common';
import { isFinalStatus, isSourceToken } from '@payrail/domain';
import { isSecurePaymentChain } from '@payrail/chains';
import { RequestsRepository, type SecurePaymentEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { DepositInstructions } from '../../payments/chain/deposit-instructions.js';
import { PageAccess, type PageCommand, securePaymentNotFound } from '../access/page-access.js';
import { PaymentOptionsReader } from '../options/payment-options.reader.js';
import type { SourceFilter } from '../options/option-plan.js';
import { feeApplies } from '../views/fee-plan.js';
import { MulticallState, type MulticallStateView } from '../views/multicall-state.js';
import { singlePaymentView, type SinglePaymentView } from '../views/single-view.js';
import { UsdRates, type RequestUsdRates } from '../views/usd-rates.js';

/**
 * GET /v2/secure-payments/{token}: the record for the hosted page (x-client-id + Origin), under the
 * page's access rules (PageAccess: 404 for another Client ID's payment, expiry recorded on read,
 * allowlist 403s, KYT and masking for a proven wallet). A single payment answers the single record
 * (with `paymentOptions` for a named wallet); a multicall token (POST /v2/secure-payments/multicall-payouts)
 * answers the multicall payout state, with payees masked under the same rule.
 */
@Injectable()
export class GetSecurePayment {
  constructor(
    private readonly db: DataSource,
    private readonly access: PageAccess,
    private readonly options: PaymentOptionsReader,
    private readonly usdRates: UsdRates,
    private readonly multicall: MulticallState,
    private readonly deposits: DepositInstructions,
  ) {}

  async execute(command: PageCommand): Promise<SinglePaymentView | MulticallStateView> {
    const { payment, proven } = await this.access.load(command, 'record');
    const { declared, decision, masked } = await this.access.decide(payment, proven, command.query);
    if (payment.paymentType === 'multicall') return this.multicall.of(payment, masked);
    const request = await this.requestOf(payment);
    // The fee plan's USD values need the payment currency's rate (nothing to price without a fee);
    // read beside the payment options, each within the page deadline.
    const noFee: RequestUsdRates = { rates: new Map() };
    const [rates, paymentOptions, deposit] = await Promise.all([
      feeApplies(request) ? this.usdRates.of([request]) : noFee,
      declared === undefined || isFinalStatus(payment.status)
        ? undefined
        : this.options.read(request, declared, sourceFilterOf(command.query)),
      this.deposits.of(request),
    ]);
    const view = singlePaymentView(payment, request, payment.status, { masked, decision }, rates);
    return { ...view, ...(paymentOptions ? { paymentOptions } : {}), ...(deposit ? { deposit } : {}) };
  }

  private async requestOf(payment: SecurePaymentEntity) {
    const [request] = await new RequestsRepository(this.db.manager).byIds(
      { platformId: payment.platformId },
      payment.requestIds.slice(0, 1),
    );
    if (!request) throw securePaymentNotFound();
    return request;
  }
}

/** The source the page asked about: `token` with `chain` (both already validated against their enums). */
function sourceFilterOf(query: PageCommand['query']): SourceFilter | undefined {
  const { token, chain } = query;
  return isSourceToken(token) && isSecurePaymentChain(chain) ? { chain, token } : undefined;
}
