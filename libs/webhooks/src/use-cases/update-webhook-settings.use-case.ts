import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { type WebhookOwner, WebhookDurabilityRepository, WebhookEndpointsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { WebhookSettingsDto } from '../dto/durability.dto.js';
import type { WebhookDto } from '../dto/webhook.dto.js';
import { webhookView } from '../views.js';
import type { WebhookSettings } from '../webhook-env.js';
import { WEBHOOK_SETTINGS } from '../webhook.tokens.js';

export interface UpdateWebhookSettingsCommand {
  owner: WebhookOwner;
  webhookId: string;
  settings: WebhookSettingsDto;
}

/**
 * Changes an endpoint's delivery settings (extended schedule, limits); they apply from its next
 * attempt. maxConcurrency may not exceed WEBHOOK_MAX_ENDPOINT_SHARE of a worker process's slots
 * (400 naming the field), so no endpoint can hold every slot of a process.
 */
@Injectable()
export class UpdateWebhookSettings {
  constructor(
    private readonly db: DataSource,
    @Inject(WEBHOOK_SETTINGS) private readonly limits: WebhookSettings,
  ) {}

  async execute(command: UpdateWebhookSettingsCommand): Promise<WebhookDto> {
    const cap = this.limits.maxEndpointConcurrency;
    const requested = command.settings.maxConcurrency;
    if (typeof requested === 'number' && requested > cap) {
      const message = `maxConcurrency must not be greater than ${cap} (a share of a worker process's delivery slots)`;
      throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field: 'maxConcurrency', message }] });
    }
    const found = await new WebhookDurabilityRepository(this.db.manager).updateSettings(command.owner, command.webhookId, command.settings);
    const endpoint = found ? await new WebhookEndpointsRepository(this.db.manager).find(command.owner, command.webhookId) : null;
    if (!endpoint) throw new PayrailError('NOT_FOUND', 'Webhook not found');
    return webhookView(endpoint);
  }
}
