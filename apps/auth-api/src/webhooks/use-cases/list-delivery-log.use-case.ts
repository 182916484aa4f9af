import { Injectable } from '@nestjs/common';
import { PayrailError, retryDelayMs } from '@payrail/domain';
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
 * When a pending delivery is tried again: its last attempt of the current round failed. The
 * worker records the due time of the next attempt (`next_attempt_at`, the extended schedule and
 * Retry-After included); without it, an estimate from the interface's schedule (counted from the
 * end of that attempt).
 */
export function nextRetryAt(d: DeliveryLogRow, attempts: Attempts): string | null {
  if (d.status !== 'pending') return null;
  const last = attempts.filter((a) => a.deliveryId === d.id && a.round === d.round).at(-1);
  if (!last || last.succeeded) return null;
  if (d.nextAttemptAt) return d.nextAttemptAt.toISOString();
  const delay = retryDelayMs(last.retryCount + 1);
  return delay < 0 ? null : new Date(last.startedAt.getTime() + last.durationMs + delay).toISOString();
}

export function deliveryLogItemView(d: DeliveryLogRow, attempts: Attempts): DeliveryLogItemDto {
  return { ...deliveryView(d, attempts), url: d.url, clientId: d.clientId, nextRetryAt: nextRetryAt(d, attempts) };
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
      { cursor: checkedPageCursor(query.cursor), limit: query.limit ?? DEFAULT_PAGE_SIZE },
    );
    const attempts = await new WebhookDeliveriesRepository(this.db.manager).attemptsOf(page.rows.map((d) => d.id));
    return { data: page.rows.map((d) => deliveryLogItemView(d, attempts)), nextCursor: page.nextCursor };
  }
}
