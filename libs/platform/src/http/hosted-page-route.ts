import { SetMetadata } from '@nestjs/common';

export const HOSTED_PAGE_ROUTE_KEY = 'payrail:hosted-page-route';

/**
 * A Client ID route the hosted payment page calls (the secure payment record, its pay, intent and
 * user-event routes): besides the Client ID's own allowed origins, the page's configured origin
 * (`HttpApiEnv.hostedPageOrigins()`, payments-api: the origin of SECURE_PAYMENT_PAGE_URL) is
 * accepted, so a platform need not list Payrail's page among its origins.
 */
export const HostedPageRoute = () => SetMetadata(HOSTED_PAGE_ROUTE_KEY, true);
