import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { PaymentSearchRepository, RequestListingRepository, RequestsRepository } from '@payrail/persistence';
import { DepositInstructions } from '../../payments/chain/deposit-instructions.js';
import type { FieldCipher } from '@payrail/platform';
import { CUSTOMER_INFO_CIPHER } from '../../payments/payments.tokens.js';
import { DataSource } from 'typeorm';
import type { RequestDetailDto } from '../dto/request-list.dto.js';
import { deliverySummaryView, requestListItemView, requestPaymentView, transferView } from '../request-views.js';

/** How many of a request's webhook deliveries its detail shows (the delivery log pages through all). */
export const DETAIL_DELIVERIES = 50;
/** How many of its settled payments (the payments search pages through all). */
export const DETAIL_PAYMENTS = 100;

/** One request of the platform with its on-chain payments and the webhook deliveries of its events. */
@Injectable()
export class GetRequestDetail {
  constructor(
    private readonly db: DataSource,
    @Inject(CUSTOMER_INFO_CIPHER) private readonly cipher: FieldCipher,
    private readonly deposits: DepositInstructions,
  ) {}

  async execute({ platformId, requestId }: { platformId: string; requestId: string }): Promise<RequestDetailDto> {
    const repo = new RequestListingRepository(this.db);
    const row = await repo.byId(platformId, requestId);
    if (!row) throw new PayrailError('NOT_FOUND', 'Request not found');
    const [transfers, deliveries, payments, deposit] = await Promise.all([
      repo.transfersOf(platformId, requestId),
      repo.deliveriesOf(platformId, requestId, DETAIL_DELIVERIES),
      new PaymentSearchRepository(this.db).search(platformId, { requestId }, { offset: 0, limit: DETAIL_PAYMENTS }),
      this.depositOf(platformId, requestId),
    ]);
    return {
      ...requestListItemView(row, this.cipher),
      payments: payments.rows.map(requestPaymentView),
      transfers: transfers.map((t) => transferView(t, row.currency_decimals)),
      webhookDeliveries: deliveries.map(deliverySummaryView),
      ...(deposit ? { deposit } : {}),
    };
  }

  /** Pay by transfer: the request's deposit address, what it received, the sweep and its gas (extension). */
  private async depositOf(platformId: string, requestId: string) {
    const request = await new RequestsRepository(this.db.manager).byId({ platformId }, requestId);
    return request ? this.deposits.of(request) : null;
  }
}
