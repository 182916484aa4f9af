import { applyDecorators, Controller } from '@nestjs/common';
import { ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { WebhookOwner } from '@payrail/persistence';
import { Auth, type OrchestratorCaller } from '@payrail/platform';
import { ApiWebhookAuthErrors } from '@payrail/webhooks';

/** The webhook owner: the orchestrator whose key authenticated the call. */
export const ownerOf = (caller: OrchestratorCaller): WebhookOwner => ({ kind: 'orchestrator', orchestratorId: caller.orchestratorId });

export const ID = ApiParam({ name: 'id', description: 'Endpoint id (webhook.id)' });

/**
 * The class decorators of every {base_url}/v2/orchestrators/webhooks controller: the orchestrator
 * key, the guard's documented refusals, the Orchestrator webhooks tag (applied bottom up, as
 * stacked decorators run).
 */
export const OrchestratorWebhookRoutes = () =>
  applyDecorators(
    Controller('v2/orchestrators/webhooks'),
    Auth('orchestrator-key'),
    ApiWebhookAuthErrors('x-orchestrator-key'),
    ApiSecurity('x-orchestrator-key'),
    ApiTags('Orchestrator webhooks'),
  );
