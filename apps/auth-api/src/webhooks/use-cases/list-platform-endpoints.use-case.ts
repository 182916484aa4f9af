import { Injectable } from '@nestjs/common';
import { WebhookDeliveryListingRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { PlatformEndpointListDto } from '../dto/delivery-log.dto.js';

/** GET /v1/webhooks: every endpoint of the platform's Client IDs (or of one), with the Client ID each belongs to. */
@Injectable()
export class ListPlatformEndpoints {
  constructor(private readonly db: DataSource) {}

  async execute({ platformId, clientId }: { platformId: string; clientId?: string }): Promise<PlatformEndpointListDto> {
    const rows = await new WebhookDeliveryListingRepository(this.db).endpoints(platformId, clientId);
    return {
      webhooks: rows.map((e) => ({
        id: e.id,
        url: e.url,
        isActive: e.isActive,
        clientId: e.clientId,
        createdAt: e.createdAt.toISOString(),
        extendedRetries: e.extendedRetries,
        disabledReason: e.disabledReason,
        disabledAt: e.disabledAt?.toISOString() ?? null,
      })),
    };
  }
}
