import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, type Clock } from '@payrail/platform';
import { PayrailError } from '@payrail/domain';
import { LinkIntentsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { LinkIntentViewDto } from '../dto/link-intent.dto.js';

/**
 * GET /v2/orchestrators/link-intents/{intentId}: what the hosted onboarding page shows before the
 * platform signs in (the orchestrator's name, the Client ID the intent is for, open, completed or
 * expired). Public: the intent id in the onboarding URL is the bearer secret; nothing of the
 * orchestrator's own records (externalId) or of a completing platform is shown.
 */
@Injectable()
export class ViewLinkIntent {
  constructor(
    private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ intentId }: { intentId: string }): Promise<LinkIntentViewDto> {
    const intent = await new LinkIntentsRepository(this.db.manager).view(intentId);
    if (!intent) throw new PayrailError('NOT_FOUND', 'Link intent not found');
    const expired = intent.status === 'open' && intent.expiresAt.getTime() <= this.clock.now();
    return {
      intentId: intent.id,
      orchestratorName: intent.orchestratorName,
      clientId: intent.expectedClientId,
      status: expired ? 'expired' : intent.status,
      expiresAt: intent.expiresAt.toISOString(),
    };
  }
}
