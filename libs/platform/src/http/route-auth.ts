import { applyDecorators, SetMetadata } from '@nestjs/common';

export const AUTH_MODE_KEY = 'payrail:auth-mode';

/**
 * A credential a route can take (spec: Authentication). Two are pairs, since a Client ID is
 * public and never proves a platform on its own beside a secret.
 */
export type AuthKind =
  | 'api-key'
  | 'client-id'
  | 'orchestrator-key'
  /** Bearer or cookie session of the platform's account (the dashboard). */
  | 'session'
  /** x-orchestrator-key with the x-client-id of a platform linked to the orchestrator (secure payment creation). */
  | 'orchestrator-key-with-client-id'
  /** x-client-id with its owning platform's x-api-key (it decides when both are sent) or session (platform webhooks). */
  | 'client-id-with-owner';

/**
 * How a route authenticates. Every route declares one (on the method or its controller);
 * a test fails when any route has none. `kinds` in precedence order: the first kind whose
 * credential the request carries decides (its failure is the answer, no fallback).
 */
export type AuthMode = { mode: 'public'; reason: string } | { mode: 'credentials'; kinds: readonly AuthKind[] };

/** A route anyone may call; the reason is kept beside the route for review. */
export const Public = (reason: string) => applyDecorators(SetMetadata(AUTH_MODE_KEY, { mode: 'public', reason } satisfies AuthMode));

export function authModeOf(handler: object, controller: object): AuthMode | undefined {
  return (
    (Reflect.getMetadata(AUTH_MODE_KEY, handler) as AuthMode | undefined) ??
    (Reflect.getMetadata(AUTH_MODE_KEY, controller) as AuthMode | undefined)
  );
}

/**
 * Declares the credential kinds a route or controller takes, in precedence order
 * (`@Auth('api-key', 'client-id', 'session')`: the API key wins when several are sent).
 * CredentialGuard enforces them; declaring them is what the route-auth test checks.
 */
export const Auth = (...kinds: [AuthKind, ...AuthKind[]]) =>
  applyDecorators(SetMetadata(AUTH_MODE_KEY, { mode: 'credentials', kinds } satisfies AuthMode));
