import type { TestIdentity } from '@payrail/domain';
import type { WebhookOwner } from '@payrail/persistence';
import type { CallerNarrowing, NarrowedCallers } from '@payrail/platform';

/**
 * What tells the two APIs' webhook routes apart (platform webhooks on auth-api, orchestrator
 * webhooks on payments-api): who calls, whose endpoints they are, and how the endpoint id is
 * named in the path. Everything else about the shared routes is written once in this library.
 */
export interface WebhookRouteScope<K extends CallerNarrowing> {
  /** The caller kind the app's @Auth admits, as `@CurrentCaller(kind)` narrows it. */
  caller: K;
  /** The owner of the endpoints the caller manages. */
  ownerOf: (caller: NarrowedCallers[K]) => WebhookOwner;
  /** Who a test delivery's placeholder payload names. */
  identityOf: (caller: NarrowedCallers[K]) => TestIdentity;
  /** The endpoint id's path parameter (`webhookId` on auth-api, `id` on payments-api) and its description. */
  id: { name: string; description: string };
  /** The 404 description of a redelivery, naming who the caller is. */
  redeliverNotFound: string;
}

/** A class the route mixins may extend (a mixin's base must take any constructor arguments). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeScript requires `any[]` in a mixin base's constructor type
export type RouteBase = abstract new (...args: any[]) => object;
