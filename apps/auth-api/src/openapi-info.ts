import type { OpenApiInfo } from '@payrail/platform';

export const AUTH_API_OPENAPI: OpenApiInfo = {
  title: 'Payrail auth API',
  description: 'Wallet and e-mail sign-in, sessions, Client ID management and platform webhooks ({auth_url}/v1).',
  version: '0.13.0',
  apiKeyHeaders: ['x-client-id', 'x-api-key'],
  sessionSchemes: true,
};
