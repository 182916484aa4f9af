import type { OpenApiInfo } from '@payrail/platform';

export const PAYMENTS_API_OPENAPI: OpenApiInfo = {
  title: 'Payrail payments API',
  description: 'Payouts, recurring payments, secure payments, payer compliance, currencies and orchestrator webhooks ({base_url}/v2).',
  version: '0.13.0',
  apiKeyHeaders: ['x-api-key', 'x-client-id', 'x-orchestrator-key'],
  sessionSchemes: true,
};
