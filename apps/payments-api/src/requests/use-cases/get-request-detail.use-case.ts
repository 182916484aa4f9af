import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { RequestListingRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { RequestDetailDto } from '../dto/request-list.dto.js';
import { deliverySummaryView, requestListItemView, transferView } from '../request-views.js';

/** How many of a request's webhook deliveries its detail shows (the delivery log pages through all). */
export const DETAIL_DELIVERIES = 50;

/** One request of the platform with its on-chain payments and the webhook deliveries of its events. */
@Injectable()
export class GetRequestDetail {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, requestId }: { platformId: string; requestId: string }): Promise<RequestDetailDto> {
    const repo = new RequestListingRepository(this.db);
    const row = await repo.byId(platformId, requestId);
    if (!row) throw new PayrailError('NOT_FOUND', 'Request not found');
    const [transfers, deliveries] = await Promise.all([
      repo.transfersOf(platformId, requestId),
      repo.deliveriesOf(platformId, requestId, DETAIL_DELIVERIES),
    ]);
    return {
      ...requestListItemView(row),
      transfers: transfers.map((t) => transferView(t, row.currency_decimals)),
      webhookDeliveries: deliveries.map(deliverySummaryView),
    };
  }
}
