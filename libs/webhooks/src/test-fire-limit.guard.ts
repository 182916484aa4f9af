import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { applyRateLimitDecision, RateLimiter, type RequestWithCaller } from '@payrail/platform';
import type { Response } from 'express';
import type { WebhookSettings } from './webhook-env.js';
import { WEBHOOK_SETTINGS } from './webhook.tokens.js';

/**
 * The test-fire routes' own limit, per owner (Client ID or orchestrator, whatever key or IP
 * calls): WEBHOOK_TEST_FIRES_PER_MINUTE, on top of the caller's rate limit, since each fire
 * sends a request to every active endpoint. Refused: 429 with Retry-After. Runs after the
 * global CredentialGuard (`@UseGuards` on the route), which has set the caller.
 */
@Injectable()
export class WebhookTestFireLimit implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const caller = context.switchToHttp().getRequest<RequestWithCaller>().caller;
    const scope =
      caller?.kind === 'client-id'
        ? `webhook-test:cid:${caller.clientIdId}`
        : caller?.kind === 'orchestrator'
          ? `webhook-test:orch:${caller.orchestratorId}`
          : undefined;
    if (!scope) throw new PayrailError('UNAUTHENTICATED', 'Test fires need a Client ID or an orchestrator key');
    const perMinute = this.settings.testFiresPerMinute;
    const decision = await this.limiter.consume(scope, { perSecond: perMinute, perMinute });
    if (!decision.allowed) applyRateLimitDecision(context.switchToHttp().getResponse<Response>(), decision, 'test-fire');
    return true;
  }
}
