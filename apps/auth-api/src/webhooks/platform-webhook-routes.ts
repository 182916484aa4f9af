import { applyDecorators, Controller } from '@nestjs/common';
import { ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { WebhookOwner } from '@payrail/persistence';
import { Auth, type OwnedClientIdCaller } from '@payrail/platform';
import { ApiWebhookAuthErrors } from '@payrail/webhooks';

/** The webhook owner: the Client ID the call names (the guard has checked its platform's key or session came with it). */
export const ownerOf = (caller: OwnedClientIdCaller): WebhookOwner => ({ kind: 'client-id', clientIdId: caller.clientIdId });

export const WEBHOOK_ID = ApiParam({ name: 'webhookId', description: 'Endpoint id returned at registration' });

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
