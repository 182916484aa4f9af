import { Inject, Injectable } from '@nestjs/common';
import { RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import type { FeePlanView } from '../../payments/planning/fee-plan-view.js';
import { FeeResolver } from '../../payments/planning/fee-resolver.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { newRequestRecord } from '../../payments/records/request-record.js';
import { CUSTOMER_INFO_CIPHER, SECURE_PAYMENT_PAGE_URL } from '../../payments/payments.tokens.js';
import { creatorOf } from '../creator.js';
import type { CreateSecurePaymentDto } from '../dto/create-secure-payment.dto.js';
import { linkRow } from './link-row.js';
import { resolveItem } from './secure-payment-item.js';
import { pageClientIdOf, securePaymentUrlOf } from './page-link.js';

export interface CreatedSecurePayment {
  token: string;
  securePaymentUrl: string;
  requestIds: string[];
  /** The fee plan stored with the link; null when no fee applies. */
  feePlan: FeePlanView | null;
}

const NO_FEE = { percentage: null, address: null };

/**
 * POST /v2/secure-payments: resolves the payment like a payout (currencies, payee on the
 * network, fiat converted at the current rate), applies the server-side fee plan (FeeResolver:
 * the Client ID's legacy fee or the platform's configuration, and the orchestrator's), creates its
 * request with a payment reference, and the link over it with its fee plan, in one transaction.
 * The link expires after `expiresIn` seconds (default 7 days).
 */
@Injectable()
export class CreateSecurePayment {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
    private readonly fees: FeeResolver,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
    @Inject(SECURE_PAYMENT_PAGE_URL) private readonly pageUrl: string,
  ) {}

  /** `flow`: the fee plan's flow, `get_paid` for a payment link, `pay` for a payout link (POST /v2/secure-payments/payouts). */
  async execute({
    caller,
    body,
    flow = 'get_paid',
  }: {
    caller: Caller;
    body: CreateSecurePaymentDto;
    flow?: 'get_paid' | 'pay';
  }): Promise<CreatedSecurePayment> {
    const creator = creatorOf(caller);
    const link = linkRow(creator, body);
    const items = await Promise.all(
      body.requests.map((item, i) => resolveItem(this.db.manager, caller, creator.platformId, item, `requests.${i}`)),
    );
    const context = { ...creator, legacy: feeTermsFor(caller, {}), flow };
    const resolved = await Promise.all(
      items.map(async ({ terms }, i) => {
        const base = await this.planner.plan(terms, NO_FEE, `requests.${i}`);
        return this.fees.apply(base, context, { amount: `requests.${i}.amount`, currency: `requests.${i}.paymentCurrency` });
      }),
    );
    const plans = resolved.map((r) => r.plan);
    const [{ charged, feePlan, plan }] = resolved;
    const stored = charged
      ? { plan: { ...feePlan }, secondFee: plan.secondFee ? { ...plan.secondFee, amount: plan.secondFee.amount.toString() } : null }
      : null;
    const records = plans.map((plan) => ({
      ...newRequestRecord(plan, { owner: creator, payer: null, reference: body.reference }, this.cipher),
      orchestratorId: creator.orchestratorId,
    }));
    const token = ulid();
    const requestIds = records.map((r) => r.id);
    await this.db.transaction(async (m) => {
      await new RequestsRepository(m).insert(records);
      await new SecurePaymentsRepository(m).insert({
        ...link,
        token,
        paymentType: 'single',
        parentToken: null,
        requestIds,
        reference: body.reference ?? null,
        feePlan: stored,
        destination: items[0]?.destination ?? null,
      });
    });
    const securePaymentUrl = securePaymentUrlOf(this.pageUrl, token, await pageClientIdOf(caller, this.db.manager));
    return { token, securePaymentUrl, requestIds, feePlan: charged ? feePlan : null };
  }
}
