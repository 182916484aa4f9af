import { applyDecorators, Controller } from '@nestjs/common';
import { ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Auth } from '@payrail/platform';
import { ApiWebhookAuthErrors, type WebhookRouteScope } from '@payrail/webhooks';

/** Orchestrator webhooks are the orchestrator's whose key authenticated the call; a test delivery names it. */
export const ORCHESTRATOR_WEBHOOKS: WebhookRouteScope<'orchestrator'> = {
  caller: 'orchestrator',
  ownerOf: (caller) => ({ kind: 'orchestrator', orchestratorId: caller.orchestratorId }),
  identityOf: (caller) => ({ clientId: null, orchestratorId: caller.orchestratorId }),
  id: { name: 'id', description: 'Endpoint id (webhook.id)' },
  redeliverNotFound: 'No such webhook or delivery for this orchestrator',
};

export const ID = ApiParam(ORCHESTRATOR_WEBHOOKS.id);

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
