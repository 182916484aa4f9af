import { Injectable } from '@nestjs/common';
import type { Caller } from '@payrail/platform';
import type { FeePlanView } from '../../payments/planning/fee-plan-view.js';
import { FeeResolver } from '../../payments/planning/fee-resolver.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { creatorOf } from '../creator.js';
import type { FeePreviewDto } from '../dto/fee-preview.dto.js';

/**
 * POST /v2/secure-payments/fees/preview: the fee plan a link created by the same caller for this
 * amount and currency would store (the same FeeResolver as creation), without writing anything.
 * Where no fee applies the plan has no fees and zero totals (creation then stores null).
 */
@Injectable()
export class PreviewFees {
  constructor(
    private readonly planner: PaymentPlanner,
    private readonly fees: FeeResolver,
  ) {}

  async execute({ caller, body }: { caller: Caller; body: FeePreviewDto }): Promise<FeePlanView> {
    const creator = creatorOf(caller);
    const gross = this.planner.gross(body.currency, body.amount);
    const context = { ...creator, legacy: feeTermsFor(caller, {}), flow: body.flow, defaultFeeBearer: body.defaultFeeBearer };
    return (await this.fees.apply(gross, context, { amount: 'amount', currency: 'currency' })).feePlan;
  }
}
