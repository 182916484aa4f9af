import type { Caller } from '@payrail/platform';

/**
 * Whose `Idempotency-Key` it is: the credential that sent it (its kind and id), never only the
 * platform. A Client ID is public (it ships in checkout JavaScript), so keys shared platform-wide
 * would let a browser pre-claim a key the platform's server later sends with its API key, and
 * hand that server the attacker's stored answer or a 409.
 */
export function idempotencyScope(caller: Caller): string {
  switch (caller.kind) {
    case 'api-key':
      return `api-key:${caller.apiKeyId}`;
    case 'client-id':
      return `client-id:${caller.clientIdId}`;
    case 'orchestrator':
      return `orchestrator:${caller.orchestratorId}`;
    case 'session':
      return `session:${caller.userId}`;
    case 'public':
      return 'public';
  }
}
