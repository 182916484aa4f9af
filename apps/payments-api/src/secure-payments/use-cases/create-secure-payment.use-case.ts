import { Inject, Injectable } from '@nestjs/common';
import { RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { Caller, FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
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
}

/**
 * POST /v2/secure-payments: resolves the payment like a payout (currencies, payee on the
 * network, fiat converted at the current rate, the Client ID's fee), creates its request with a
 * payment reference, and the link over it, in one transaction. The link expires after
 * `expiresIn` seconds (default 7 days).
 */
@Injectable()
export class CreateSecurePayment {
  constructor(
    private readonly db: DataSource,
    private readonly planner: PaymentPlanner,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
    @Inject(SECURE_PAYMENT_PAGE_URL) private readonly pageUrl: string,
  ) {}

  async execute({ caller, body }: { caller: Caller; body: CreateSecurePaymentDto }): Promise<CreatedSecurePayment> {
    const creator = creatorOf(caller);
    const link = linkRow(creator, body);
    const items = await Promise.all(
      body.requests.map((item, i) => resolveItem(this.db.manager, caller, creator.platformId, item, `requests.${i}`)),
    );
    const plans = await Promise.all(items.map(({ terms }, i) => this.planner.plan(terms, feeTermsFor(caller, {}), `requests.${i}`)));
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
        destination: items[0]?.destination ?? null,
      });
    });
    return { token, securePaymentUrl: securePaymentUrlOf(this.pageUrl, token, await pageClientIdOf(caller, this.db.manager)), requestIds };
  }
}
