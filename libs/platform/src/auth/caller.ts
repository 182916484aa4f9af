import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { RateTier } from '@payrail/domain';
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

/** The authenticated caller of this request (set by the credential guard). */
export const CurrentCaller = createParamDecorator((_data: unknown, ctx: ExecutionContext): Caller => {
  const caller = ctx.switchToHttp().getRequest<RequestWithCaller>().caller;
  if (!caller) throw new Error('no caller on the request: is the route missing its @Auth declaration?');
  return caller;
});

/** The platform a caller acts for, or undefined for orchestrators and public calls. */
export function callerPlatformId(caller: Caller): string | undefined {
  return caller.kind === 'api-key' || caller.kind === 'client-id' || caller.kind === 'session' ? caller.platformId : undefined;
}
