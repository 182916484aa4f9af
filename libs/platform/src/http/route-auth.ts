import { applyDecorators, SetMetadata } from '@nestjs/common';

export const AUTH_MODE_KEY = 'payrail:auth-mode';

/**
 * How a route authenticates. Every route declares one (on the method or its controller);
 * a test fails when any route has none. Guards for the credential modes come with tenancy.
 */
export type AuthMode =
  | { mode: 'public'; reason: string }
  | { mode: 'api-key' }
  | { mode: 'client-id' }
  | { mode: 'api-key-or-client-id' }
  /** API key, Client ID, or orchestrator key with the x-client-id of a platform linked to it (secure payment creation). */
  | { mode: 'api-key-client-id-or-orchestrator' }
  | { mode: 'orchestrator-key' }
  | { mode: 'session' }
  /**
   * A secret of the platform: its x-api-key (server-side) or a session of its account (bearer or
   * cookie; the dashboard). The API key decides when both are sent. Dashboard resources.
   */
  | { mode: 'api-key-or-session' }
  /**
   * A spec route the dashboard also calls: its machine credentials (x-api-key, x-client-id) or,
   * when neither is sent, a session of the platform's account (recurring payment status and cancel).
   */
  | { mode: 'api-key-client-id-or-session' }
  /** As api-key-client-id-or-orchestrator, or a session of the platform's account when none of those is sent (secure payment creation). */
  | { mode: 'api-key-client-id-orchestrator-or-session' }
  /**
   * x-client-id selects the Client ID; the owning platform's x-api-key or session (bearer or
   * cookie) must come with it, since a Client ID is public (platform webhooks).
   */
  | { mode: 'client-id-with-owner' };

/** A route anyone may call; the reason is kept beside the route for review. */
export const Public = (reason: string) => applyDecorators(SetMetadata(AUTH_MODE_KEY, { mode: 'public', reason } satisfies AuthMode));

export function authModeOf(handler: object, controller: object): AuthMode | undefined {
  return (
    (Reflect.getMetadata(AUTH_MODE_KEY, handler) as AuthMode | undefined) ??
    (Reflect.getMetadata(AUTH_MODE_KEY, controller) as AuthMode | undefined)
  );
}

/**
 * Declares a credential mode for a route or controller. The guards that enforce each mode
 * are wired by the tenancy feature; declaring the mode is what the route-auth test checks.
 */
export const Auth = (mode: Exclude<AuthMode['mode'], 'public'>) => applyDecorators(SetMetadata(AUTH_MODE_KEY, { mode }));
