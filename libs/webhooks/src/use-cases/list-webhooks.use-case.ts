import { Injectable } from '@nestjs/common';
import { type WebhookOwner, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { WebhookDto } from '../dto/webhook.dto.js';
import { webhookView } from '../views.js';

/** Every endpoint of the owner, active and inactive, oldest first; no secrets. */
@Injectable()
export class ListWebhooks {
  constructor(private readonly db: DataSource) {}

  async execute(owner: WebhookOwner): Promise<WebhookDto[]> {
    const endpoints = await new WebhookEndpointsRepository(this.db.manager).list(owner);
    return endpoints.map(webhookView);
  }
}
