import { Injectable } from '@nestjs/common';
import { isWebhookEventName, splitRouting, WEBHOOK_EVENT_NAMES, webhookBody } from '@payrail/domain';
import { type EventDeliveryRow, EventsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { EventDeliveryDto, EventPageDto, ListEventsQueryDto } from '../dto/events.dto.js';

/** How far back the events API reads (retention may keep rows longer, never shows them here). */
export const EVENTS_WINDOW_DAYS = 30;
export const DEFAULT_EVENT_PAGE = 20;

export interface ListEventsCommand extends ListEventsQueryDto {
  platformId: string;
}

/** A platform's webhook events of the last 30 days, newest first, each with its deliveries to the platform's endpoints. */
@Injectable()
export class ListEvents {
  constructor(private readonly db: DataSource) {}

  async execute(command: ListEventsCommand): Promise<EventPageDto> {
    const limit = command.limit ?? DEFAULT_EVENT_PAGE;
    const repo = new EventsRepository(this.db.manager);
    // One row more than asked tells whether another page exists.
    const rows = await repo.list({
      platformId: command.platformId,
      types: command.type ? [command.type] : WEBHOOK_EVENT_NAMES,
      withinDays: EVENTS_WINDOW_DAYS,
      objectId: command.objectId ?? null,
      outcome: command.outcome ?? null,
      before: command.cursor ?? null,
      after: command.after ?? null,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const deliveries = groupByEvent(
      await repo.deliveriesOf(
        command.platformId,
        page.map((e) => e.id),
      ),
    );
    return {
      data: page.map((e) => ({
        id: e.id,
        type: e.type,
        object: { type: e.objectType, id: e.objectId },
        occurredAt: e.occurredAt.toISOString(),
        outcome: e.outcome,
        payload: deliveredPayload(e.type, e.payload),
        deliveries: deliveries.get(e.id) ?? [],
      })),
      nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
    };
  }
}

/** The payload as its deliveries carry it: the routing stripped and the spec's field order (jsonb does not keep key order). */
function deliveredPayload(type: string, payload: Record<string, unknown>): Record<string, unknown> {
  const { body } = splitRouting(payload);
  return isWebhookEventName(type) ? (JSON.parse(webhookBody(type, body)) as Record<string, unknown>) : body;
}

function groupByEvent(rows: EventDeliveryRow[]): Map<string, EventDeliveryDto[]> {
  const byEvent = new Map<string, EventDeliveryDto[]>();
  for (const { eventId, completedAt, ...d } of rows) {
    const list = byEvent.get(eventId) ?? [];
    list.push({ ...d, completedAt: completedAt?.toISOString() ?? null });
    byEvent.set(eventId, list);
  }
  return byEvent;
}
