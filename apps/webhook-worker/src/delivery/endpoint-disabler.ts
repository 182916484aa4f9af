import { Inject, Injectable, Logger } from '@nestjs/common';
import { WebhookDurabilityRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';
import type { AttemptFailure } from '../shared/failure-class.js';
import { DisabledEndpointNotice } from './disabled-endpoint-notice.js';

/**
 * Payrail deactivating an endpoint (issue #22): at once on a 410 Gone (extended-schedule
 * endpoints), or when every attempt has failed for WEBHOOK_DISABLE_AFTER_SECONDS. The
 * endpoint keeps a mark (`disabledReason`, `disabledAt` in list responses) and its owner's
 * other active endpoints receive `webhook_endpoint.disabled` and its owner's accounts an e-mail,
 * both written to the outbox in the same transaction.
 */
@Injectable()
export class EndpointDisabler {
  private readonly logger = new Logger(EndpointDisabler.name);

  constructor(
    private readonly db: DataSource,
    private readonly notice: DisabledEndpointNotice,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {}

  /**
   * After a failed attempt: disables the endpoint when it is gone, or has failed for the whole
   * period; `lastFailure` (that attempt's result) says why in the owner's e-mail.
   */
  async afterFailure(endpointId: string, gone: boolean, lastFailure?: AttemptFailure): Promise<boolean> {
    const afterMs = this.env.WEBHOOK_DISABLE_AFTER_SECONDS * 1000;
    if (!gone && afterMs === 0) return false;
    const disabled = await this.db.transaction(async (manager) => {
      const endpoint = await new WebhookDurabilityRepository(manager).disable(endpointId, gone ? 'gone' : 'failing', afterMs);
      if (endpoint) await this.notice.write(manager, endpoint, lastFailure);
      return endpoint;
    });
    if (disabled) this.logger.warn({ webhookId: endpointId, reason: disabled.reason }, 'webhook endpoint disabled');
    return disabled !== undefined;
  }
}
