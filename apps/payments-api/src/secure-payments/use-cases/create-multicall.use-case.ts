import { Inject, Injectable } from '@nestjs/common';
import { RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import { newRequestRecord } from '../../payments/records/request-record.js';
import { CUSTOMER_INFO_CIPHER, SECURE_PAYMENT_PAGE_URL } from '../../payments/payments.tokens.js';
import { creatorOf } from '../creator.js';
import type { CreateMulticallDto } from '../dto/multicall.dto.js';
import { linkRow } from './link-row.js';
import { pageClientIdOf, securePaymentUrlOf } from './page-link.js';

export interface CreatedMulticall {
  token: string;
  securePaymentUrl: string;
  requestIds: string[];
  children: { securePaymentToken: string; requestId: string; position: number }[];
}

/**
 * POST /v2/secure-payments/multicall-payouts: one request and one child secure payment per
 * payout (each settles on its own), and the multicall payout over all of them, in one
 * transaction. Every payout must use one payment currency, so the page's totals add up.
 */
@Injectable()
export class CreateMulticall {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
    @Inject(SECURE_PAYMENT_PAGE_URL) private readonly pageUrl: string,
  ) {}

  async execute({ caller, body }: { caller: Caller; body: CreateMulticallDto }): Promise<CreatedMulticall> {
    const creator = creatorOf(caller);
    const link = linkRow(creator, body);
    const plans = await Promise.all(body.payouts.map((terms, i) => this.planner.plan(terms, feeTermsFor(caller, {}), `payouts.${i}`)));
    const currency = plans[0].currency.id;
    const other = plans.findIndex((p) => p.currency.id !== currency);
    if (other >= 0) throw invalidField(`payouts.${other}.paymentCurrency`, `every payout of a multicall must be paid in ${currency}`);
    const records = plans.map((plan, i) => ({
      ...newRequestRecord(plan, { owner: creator, payer: null, reference: body.payouts[i].reference }, this.cipher),
      orchestratorId: creator.orchestratorId,
    }));
    const token = ulid();
    const children = records.map((r, position) => ({ securePaymentToken: ulid(), requestId: r.id, position }));
    await this.db.transaction(async (m) => {
      const repo = new SecurePaymentsRepository(m);
      await new RequestsRepository(m).insert(records);
      await repo.insert({
        ...link,
        token,
        paymentType: 'multicall',
        parentToken: null,
        requestIds: records.map((r) => r.id),
        reference: null,
      });
      for (const [i, child] of children.entries()) {
        await repo.insert({
          ...link,
          token: child.securePaymentToken,
          paymentType: 'single',
          parentToken: token,
          requestIds: [child.requestId],
          reference: body.payouts[i].reference ?? null,
        });
      }
    });
    return {
      token,
      securePaymentUrl: securePaymentUrlOf(this.pageUrl, token, await pageClientIdOf(caller, this.db.manager)),
      requestIds: records.map((r) => r.id),
      children,
    };
  }
}
