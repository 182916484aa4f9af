import { Inject, Injectable } from '@nestjs/common';
import { LinkIntentsRepository } from '@payrail/persistence';
import type { OrchestratorCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { pageUrlOf } from '../../payments/page-url.js';
import { SECURE_PAYMENT_PAGE_URL } from '../../payments/payments.tokens.js';

const INTENT_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** POST /v2/orchestrators/link-intents: an orchestrator asks a platform to link (hosted onboarding URL). */
@Injectable()
export class CreateLinkIntent {
  constructor(
    private readonly db: DataSource,
    @Inject(SECURE_PAYMENT_PAGE_URL) private readonly pageUrl: string,
  ) {}

  async execute({ caller, externalId, clientId }: { caller: OrchestratorCaller; externalId?: string; clientId?: string }) {
    const intent = {
      id: ulid(),
      orchestratorId: caller.orchestratorId,
      externalId: externalId ?? null,
      expectedClientId: clientId ?? null,
      expiresAt: new Date(Date.now() + INTENT_LIFETIME_MS),
    };
    await new LinkIntentsRepository(this.db.manager).insert(intent);
    return {
      intentId: intent.id,
      externalId: intent.externalId,
      onboardingUrl: pageUrlOf(this.pageUrl, `onboarding/${intent.id}`),
      expiresAt: intent.expiresAt.toISOString(),
    };
  }
}
