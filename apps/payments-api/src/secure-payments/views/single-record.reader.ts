import { Inject, Injectable } from '@nestjs/common';
import { CurrencyRegistry, isSecurePaymentChain, type NetworkInfo, type NetworkName } from '@payrail/chains';
import { isFinalStatus, isSourceToken } from '@payrail/domain';
import { type RequestEntity, type SecurePaymentEntity, TenancyRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { DepositInstructions } from '../../payments/chain/deposit-instructions.js';
import { PAYOUT_NETWORKS } from '../../payments/payments.tokens.js';
import type { PageAccessOutcome, PageCommand } from '../access/page-access.js';
import type { SourceFilter } from '../options/option-plan.js';
import { PaymentOptionsReader } from '../options/payment-options.reader.js';
import { feeApplies } from './fee-plan.js';
import { pageTrustOf } from './page-trust.js';
import { singlePaymentView, type SinglePaymentView } from './single-view.js';
import { UsdRates, type RequestUsdRates } from './usd-rates.js';

/**
 * The single secure payment record: the spec's fields, the fee plan priced in USD, the payment
 * options of the declared wallet, and the extensions a payer reads (merchant, network and token
 * names, receipt; the deposit address to pay by transfer). Everything beyond the row is read side
 * by side, each within the page deadline.
 */
@Injectable()
export class SingleRecordReader {
  constructor(
    private readonly db: DataSource,
    private readonly options: PaymentOptionsReader,
    private readonly usdRates: UsdRates,
    private readonly currencies: CurrencyRegistry,
    @Inject(PAYOUT_NETWORKS) private readonly networks: Readonly<Record<NetworkName, NetworkInfo>>,
    private readonly deposits: DepositInstructions,
  ) {}

  async of(
    payment: SecurePaymentEntity,
    request: RequestEntity,
    access: PageAccessOutcome,
    query: PageCommand['query'],
  ): Promise<SinglePaymentView> {
    const { declared, decision, masked } = access;
    // A fee plan priced before links stored theirs needs the payment currency's USD rate; a stored
    // plan (priced at creation) or no fee needs none.
    const noRates: RequestUsdRates = { rates: new Map() };
    const [rates, paymentOptions, platform, deposit] = await Promise.all([
      payment.feePlan === null && feeApplies(request) ? this.usdRates.of([request]) : noRates,
      declared === undefined || isFinalStatus(payment.status) ? undefined : this.options.read(request, declared, sourceFilterOf(query)),
      new TenancyRepository(this.db.manager).platform(payment.platformId),
      this.deposits.of(request),
    ]);
    const trust = pageTrustOf(
      request,
      platform?.name ?? '',
      typeof payment.branding?.logoPath === 'string' ? payment.branding.logoPath : null,
      this.networks[request.network as NetworkName],
      this.currencies.byId(request.paymentCurrency),
    );
    const view = singlePaymentView(payment, request, payment.status, { masked, decision }, rates, trust);
    return { ...view, ...(paymentOptions ? { paymentOptions } : {}), ...(deposit ? { deposit } : {}) };
  }
}

/** The source the page asked about: `token` with `chain` (both already validated against their enums). */
function sourceFilterOf(query: PageCommand['query']): SourceFilter | undefined {
  const { token, chain } = query;
  return isSourceToken(token) && isSecurePaymentChain(chain) ? { chain, token } : undefined;
}
