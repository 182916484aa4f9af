import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import {
  checkedPageCursor,
  WebhookDeliveriesRepository,
  WebhookDeliveryListingRepository,
  type DeliveryLogRow,
} from '@payrail/persistence';
import { DEFAULT_PAGE_SIZE } from '@payrail/platform';
import { deliveryView } from '@payrail/webhooks';
import { DataSource } from 'typeorm';
import type { DeliveryLogItemDto, DeliveryLogPageDto, DeliveryLogQueryDto } from '../dto/delivery-log.dto.js';

type Attempts = Awaited<ReturnType<WebhookDeliveriesRepository['attemptsOf']>>;

/**
 * When a pending delivery is tried next: the due time the worker recorded (`next_attempt_at`, NOT
 * NULL; the extended schedule and Retry-After included), also for a redelivered round not yet
 * tried. A succeeded or failed delivery has none.
 */
export function nextRetryAt(d: DeliveryLogRow): string | null {
  return d.status === 'pending' ? d.nextAttemptAt.toISOString() : null;
}

export function deliveryLogItemView(d: DeliveryLogRow, attempts: Attempts): DeliveryLogItemDto {
  return { ...deliveryView(d, attempts), url: d.url, clientId: d.clientId, nextRetryAt: nextRetryAt(d) };
}

/**
 * GET /v1/webhooks/deliveries: deliveries to every endpoint of the platform's Client IDs, newest
 * first, with payload and every attempt; keyset pagination on (created_at, id).
 */
@Injectable()
export class ListDeliveryLog {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, query }: { platformId: string; query: DeliveryLogQueryDto }): Promise<DeliveryLogPageDto> {
    const from = query.from === undefined ? undefined : new Date(query.from);
    const to = query.to === undefined ? undefined : new Date(query.to);
    if (from && to && from.getTime() >= to.getTime()) {
      throw new PayrailError('VALIDATION_FAILED', 'Validation failed: from must be before to', {
        fields: [{ field: 'to', message: 'from must be before to' }],
      });
    }
    const { status, eventType, webhookId, clientId } = query;
    const page = await new WebhookDeliveryListingRepository(this.db).list(
      platformId,
      { status, eventType, webhookId, clientId, from, to },
      { cursor: checkedPageCursor(query.cursor, 'ulid'), limit: query.limit ?? DEFAULT_PAGE_SIZE },
    );
    const attempts = await new WebhookDeliveriesRepository(this.db.manager).attemptsOf(page.rows.map((d) => d.id));
    return { data: page.rows.map((d) => deliveryLogItemView(d, attempts)), nextCursor: page.nextCursor };
  }
}
