import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { PayrailError, type RateTier } from '@payrail/domain';
import type { Request } from 'express';

/** The platform's API key or session that proved a caller owns the Client ID it names. */
export type OwnerProof =
  { kind: 'api-key'; apiKeyId: string } | { kind: 'session'; sessionKind: 'wallet' | 'email'; userId: string; expiresAt: number };

/** Who is calling, as established by the credential guard. */
export type Caller =
  | { kind: 'api-key'; platformId: string; apiKeyId: string }
  | {
      kind: 'client-id';
      platformId: string;
      clientIdId: string;
      clientId: string;
      origin: string | null;
      rateTier: RateTier;
      feePercentage: string | null;
      feeAddress: string | null;
      /**
       * The secret credential of the Client ID's own platform that came with it (routes in
       * mode client-id-with-owner); absent when the Client ID came alone.
       */
      owner?: OwnerProof;
    }
  | {
      kind: 'orchestrator';
      orchestratorId: string;
      orchestratorKeyId: string;
      /** The linked platform's Client ID it acts for (x-client-id beside x-orchestrator-key), where a route allows it. */
      onBehalfOf?: { platformId: string; clientIdId: string; clientId: string };
    }
  | {
      kind: 'session';
      sessionKind: 'wallet' | 'email';
      userId: string;
      platformId: string;
      walletAddress: string | null;
      email: string | null;
      expiresAt: number;
    }
  | { kind: 'public' };

export type RequestWithCaller = Request & { caller?: Caller };

export type ApiKeyCaller = Extract<Caller, { kind: 'api-key' }>;
export type ClientIdCaller = Extract<Caller, { kind: 'client-id' }>;
export type OrchestratorCaller = Extract<Caller, { kind: 'orchestrator' }>;
export type SessionCaller = Extract<Caller, { kind: 'session' }>;
/** A platform's own secret: its API key or a session of its account (routes in mode api-key-or-session). */
export type PlatformCaller = ApiKeyCaller | SessionCaller;
/** A Client ID that came with its platform's API key or session (routes in mode client-id-with-owner). */
export type OwnedClientIdCaller = ClientIdCaller & { owner: OwnerProof };

/** What `@CurrentCaller(kind)` hands a route, by the kind asked for. */
export interface NarrowedCallers {
  'api-key': ApiKeyCaller;
  'client-id': ClientIdCaller;
  'client-id-with-owner': OwnedClientIdCaller;
  orchestrator: OrchestratorCaller;
  session: SessionCaller;
  'api-key-or-session': PlatformCaller;
}

export type CallerNarrowing = keyof NarrowedCallers;

/** Whether a caller is of the kind asked for, and the 401 message when it is not. */
const NARROWINGS: { [K in CallerNarrowing]: { admits: (caller: Caller) => boolean; missing: string } } = {
  'api-key': { admits: (c) => c.kind === 'api-key', missing: 'Missing x-api-key header' },
  'client-id': { admits: (c) => c.kind === 'client-id', missing: 'Missing x-client-id header' },
  'client-id-with-owner': {
    admits: (c) => c.kind === 'client-id' && c.owner !== undefined,
    missing: "Missing x-api-key or session: send its platform's x-api-key or session with x-client-id",
  },
  orchestrator: { admits: (c) => c.kind === 'orchestrator', missing: 'Missing x-orchestrator-key header' },
  session: { admits: (c) => c.kind === 'session', missing: 'Missing session' },
  'api-key-or-session': { admits: (c) => c.kind === 'api-key' || c.kind === 'session', missing: 'Missing x-api-key or session' },
};

/** The caller narrowed to `kind`, or a coded 401 when the route's guard let another kind through. */
export function narrowCaller<K extends CallerNarrowing>(caller: Caller, kind: K): NarrowedCallers[K] {
  const narrowing = NARROWINGS[kind];
  if (!narrowing.admits(caller)) throw new PayrailError('UNAUTHENTICATED', narrowing.missing);
  return caller as NarrowedCallers[K];
}

/**
 * The authenticated caller of this request (set by the credential guard). `@CurrentCaller()`
 * gives any Caller; `@CurrentCaller('client-id')` (or another kind of NarrowedCallers) gives that
 * kind only, annotated as such on the parameter (`caller: ClientIdCaller`), so a route needs no
 * narrowing of its own; should the route's @Auth mode let another kind through, it is a coded 401.
 */
export const CurrentCaller = createParamDecorator((kind: CallerNarrowing | undefined, ctx: ExecutionContext): Caller => {
  const caller = ctx.switchToHttp().getRequest<RequestWithCaller>().caller;
  if (!caller) throw new Error('no caller on the request: is the route missing its @Auth declaration?');
  return kind ? narrowCaller(caller, kind) : caller;
});
