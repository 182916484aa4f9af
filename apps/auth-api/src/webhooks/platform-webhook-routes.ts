import { applyDecorators, Controller } from '@nestjs/common';
import { ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Auth } from '@payrail/platform';
import { ApiWebhookAuthErrors, type WebhookRouteScope } from '@payrail/webhooks';

/**
 * Platform webhooks are the Client ID's: the caller names it (the guard has checked its
 * platform's key or session came with it), and a test delivery carries it.
 */
export const PLATFORM_WEBHOOKS: WebhookRouteScope<'client-id-with-owner'> = {
  caller: 'client-id-with-owner',
  ownerOf: (caller) => ({ kind: 'client-id', clientIdId: caller.clientIdId }),
  identityOf: (caller) => ({ clientId: caller.clientId, orchestratorId: null }),
  id: { name: 'webhookId', description: 'Endpoint id returned at registration' },
  redeliverNotFound: 'No such webhook or delivery for this caller',
};

export const WEBHOOK_ID = ApiParam(PLATFORM_WEBHOOKS.id);

/**
 * The class decorators of every {auth_url}/v1/webhook controller: x-client-id plus its
 * platform's API key or session, the guard's documented refusals, the Webhooks tag. Applied in
 * the order stacked decorators run (bottom up), so the document lists the API key first, then
 * the cookie, then the bearer session.
 */
export const PlatformWebhookRoutes = () =>
  applyDecorators(
    Controller('v1/webhook'),
    Auth('client-id-with-owner'),
    ApiWebhookAuthErrors('x-client-id'),
    ApiSecurity({ 'x-client-id': [], 'x-api-key': [] }),
    ApiSecurity({ 'x-client-id': [], '__Host-session_token': [] }),
    ApiSecurity({ 'x-client-id': [], bearer: [] }),
    ApiTags('Webhooks'),
  );
