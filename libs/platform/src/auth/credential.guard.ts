import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { isPayrailError, normalizeOrigin, PayrailError } from '@payrail/domain';
import type { Response } from 'express';
import { HttpApiEnv } from '../config/http-api-env.js';
import { HOSTED_PAGE_ROUTE_KEY } from '../http/hosted-page-route.js';
import { AUTH_MODE_KEY, type AuthMode } from '../http/route-auth.js';
import { Authenticator } from './authenticator.js';
import type { Caller, RequestWithCaller } from './caller.js';
import { grantCors } from './cors.js';
import {
  acceptedCredentials,
  carries,
  type CredentialKind,
  KIND_NAMES,
  missingMessage,
  presentedCredentials,
  takenBy,
} from './credential-kinds.js';
import { FailedAuthLimiter } from './failed-auth-limiter.js';
import { callerRateLimit } from './rate-limit/caller-rate-limit.js';
import { clientIpBucket } from './rate-limit/client-ip.js';
import { RATE_LIMIT_CLASS_KEY, type RateLimitClass } from './rate-limit/rate-limit-class.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { applyRateLimitDecision } from './rate-limit/rate-limit-response.js';
import { presentedSessionToken } from '../sessions/session-cookie.js';
import { SessionStore } from '../sessions/session-store.js';
import { authFailures } from '../metrics/http.js';

interface RouteAuth {
  mode: AuthMode | undefined;
  limitClass: RateLimitClass;
  /** Origins accepted with any Client ID on this route (the hosted page's, on @HostedPageRoute() routes). */
  trustedOrigins: readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const header = (req: RequestWithCaller, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * The one global guard of an API: authenticates the first of the route's credential kinds the request carries, then applies the
 * caller's rate limit (callerRateLimit; 429 with Retry-After; RateLimit-* headers on every
 * authenticated response). A route without a declared mode is refused (fail closed). 401 for a missing or
 * invalid credential; 403 when the request carries none of the kinds the route takes but a
 * valid one of another kind (spec: credentials valid but not allowed for the operation).
 */
@Injectable()
export class CredentialGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionStore,
    @Inject(HttpApiEnv) private readonly env: HttpApiEnv,
    private readonly failedAuth: FailedAuthLimiter,
  ) {}

  /**
   * Route metadata read once per controller class and handler (decorators do not change at run
   * time; an inherited handler can carry another class's metadata, hence both keys).
   */
  private readonly routes = new WeakMap<object, WeakMap<object, RouteAuth>>();

  private routeOf(context: ExecutionContext): RouteAuth {
    const [handler, controller] = [context.getHandler(), context.getClass()];
    let byHandler = this.routes.get(controller);
    if (!byHandler) this.routes.set(controller, (byHandler = new WeakMap()));
    let route = byHandler.get(handler);
    if (!route) {
      const targets = [handler, controller];
      route = {
        mode: this.reflector.getAllAndOverride<AuthMode | undefined>(AUTH_MODE_KEY, targets),
        limitClass: this.reflector.getAllAndOverride<RateLimitClass | undefined>(RATE_LIMIT_CLASS_KEY, targets) ?? 'standard',
        trustedOrigins: this.reflector.getAllAndOverride<boolean | undefined>(HOSTED_PAGE_ROUTE_KEY, targets)
          ? this.env.hostedPageOrigins()
          : [],
      };
      byHandler.set(handler, route);
    }
    return route;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { mode, limitClass, trustedOrigins } = this.routeOf(context);
    if (!mode) throw new Error(`route ${context.getClass().name}.${context.getHandler().name} declares no auth mode`);
    const req = context.switchToHttp().getRequest<RequestWithCaller>();
    const res = context.switchToHttp().getResponse<Response>();
    // Only a credential that is missing or invalid counts as a failed authentication (401); a valid
    // credential of another kind than the route takes is explained as 403 and not counted.
    const caller = await this.failedAuth.guard(req, mode, () =>
      this.authenticate(mode, req, trustedOrigins).catch((error: unknown) => this.explain(error, mode, req)),
    );
    req.caller = caller;
    if (caller.kind === 'client-id' && caller.origin) grantCors(res, caller.origin);
    const scoped = callerRateLimit(caller, clientIpBucket(req.ip), limitClass, this.env);
    if (scoped) applyRateLimitDecision(res, await this.limiter.consume(scoped.scope, scoped.limit), limitClass);
    return true;
  }

  /** The first of the route's kinds (in precedence order) whose credential the request carries decides. */
  private authenticate(mode: AuthMode, req: RequestWithCaller, trustedOrigins: readonly string[]): Promise<Caller> {
    if (mode.mode === 'public') return Promise.resolve({ kind: 'public' });
    const kind = mode.kinds.find((k) => carries(req, k));
    if (!kind) return Promise.reject(new PayrailError('UNAUTHENTICATED', missingMessage(mode.kinds)));
    switch (kind) {
      case 'api-key':
        return this.authenticator.apiKey(header(req, 'x-api-key'));
      case 'client-id':
        return this.authenticator.clientId(header(req, 'x-client-id'), header(req, 'origin'), trustedOrigins);
      case 'orchestrator-key':
        return this.authenticator.orchestratorKey(header(req, 'x-orchestrator-key'));
      case 'orchestrator-key-with-client-id':
        return this.authenticator.orchestratorForClientId(header(req, 'x-orchestrator-key'), header(req, 'x-client-id'));
      case 'session':
        return this.session(req);
      case 'client-id-with-owner':
        return this.clientIdWithOwner(req);
    }
  }

  /**
   * x-client-id names the Client ID; the owning platform's x-api-key (it decides when both are
   * sent) or session proves the caller may act for it. None, or an invalid one: 401; a valid one
   * of another platform: 403 (Authenticator.ownedClientId).
   */
  private async clientIdWithOwner(req: RequestWithCaller): Promise<Caller> {
    const record = await this.authenticator.knownClientId(header(req, 'x-client-id'));
    const apiKey = header(req, 'x-api-key');
    if (apiKey) {
      const key = await this.authenticator.apiKey(apiKey);
      if (key.kind === 'api-key')
        return this.authenticator.ownedClientId(record, key.platformId, { kind: 'api-key', apiKeyId: key.apiKeyId });
    } else if (presentedSessionToken(req)) {
      const session = await this.session(req);
      if (session.kind === 'session') {
        const { sessionKind, userId, expiresAt } = session;
        return this.authenticator.ownedClientId(record, session.platformId, { kind: 'session', sessionKind, userId, expiresAt });
      }
    }
    throw new PayrailError(
      'UNAUTHENTICATED',
      "Missing x-api-key or session: a Client ID is public, send its platform's x-api-key or session with x-client-id",
    );
  }

  /**
   * A 401 for a route whose own kinds of credential are all absent becomes a 403 when the request
   * carries a valid credential of another kind (a Client ID on an API-key route, an API key on a
   * session route...); an invalid one leaves the 401.
   */
  private async explain(error: unknown, mode: AuthMode, req: RequestWithCaller): Promise<never> {
    if (mode.mode === 'public') throw error;
    if (isPayrailError(error) && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN'))
      authFailures.inc({ mode: mode.kinds.join(',') });
    if (!isPayrailError(error) || error.code !== 'UNAUTHENTICATED') throw error;
    const accepted = acceptedCredentials(mode.kinds);
    const presented = presentedCredentials(req);
    if (presented.some((c) => accepted.has(c.kind))) throw error;
    for (const credential of presented) {
      if (await this.isValid(credential.kind, credential.value, req)) {
        throw new PayrailError('FORBIDDEN', `${KIND_NAMES[credential.kind]} is not allowed on this route: it takes ${takenBy(mode.kinds)}`);
      }
    }
    throw error;
  }

  /** Whether a credential is a real one (a known Client ID counts even when revoked or off its origins: that is 403 too). */
  private async isValid(kind: CredentialKind, value: string, req: RequestWithCaller): Promise<boolean> {
    const settled = (check: Promise<unknown>) =>
      check.then(
        () => true,
        (e: unknown) => isPayrailError(e) && e.code === 'FORBIDDEN',
      );
    switch (kind) {
      case 'api-key':
        return settled(this.authenticator.apiKey(value));
      case 'client-id':
        return settled(this.authenticator.clientId(value, header(req, 'origin')));
      case 'orchestrator-key':
        return settled(this.authenticator.orchestratorKey(value));
      case 'session':
        return (await this.sessions.get(value)) !== undefined;
    }
  }

  /** Bearer or cookie session; cookie-borne state changes must come from a dashboard origin (CSRF). */
  private async session(req: RequestWithCaller): Promise<Caller> {
    const presented = presentedSessionToken(req);
    if (!presented)
      throw new PayrailError('UNAUTHENTICATED', 'Missing session: send Authorization: Bearer <token> or the session_token cookie');
    const session = await this.sessions.get(presented.token);
    if (!session) throw new PayrailError('UNAUTHENTICATED', 'Invalid or expired session');
    if (presented.via === 'cookie' && !SAFE_METHODS.has(req.method)) {
      const origin = header(req, 'origin');
      const check = origin ? normalizeOrigin(origin) : undefined;
      if (!check?.ok || !this.env.DASHBOARD_ORIGINS.includes(check.origin))
        throw new PayrailError('FORBIDDEN', 'Cross-site request refused: Origin is not a dashboard origin');
    }
    return {
      kind: 'session',
      sessionKind: session.kind,
      userId: session.userId,
      platformId: session.platformId,
      walletAddress: session.walletAddress,
      email: session.email,
      expiresAt: session.expiresAt,
    };
  }
}
