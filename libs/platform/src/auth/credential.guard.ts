import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { normalizeOrigin, PayrailError, TIER_LIMITS, type RateLimit } from '@payrail/domain';
import type { Response } from 'express';
import { HttpApiEnv } from '../config/http-api-env.js';
import { AUTH_MODE_KEY, type AuthMode } from '../http/route-auth.js';
import { Authenticator } from './authenticator.js';
import type { Caller, RequestWithCaller } from './caller.js';
import { grantCors } from './cors.js';
import { refuseOtherCredential } from './other-credential.js';
import { RATE_LIMIT_CLASS_KEY, type RateLimitClass } from './rate-limit/rate-limit-class.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { applyRateLimitDecision } from './rate-limit/rate-limit-response.js';
import { presentedSessionToken } from '../sessions/session-cookie.js';
import { SessionStore } from '../sessions/session-store.js';

interface RouteAuth {
  mode: AuthMode | undefined;
  limitClass: RateLimitClass;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const header = (req: RequestWithCaller, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * The one global guard of an API: authenticates the route's declared mode, then applies the
 * caller's rate limit (429 with Retry-After; RateLimit-* headers on every authenticated
 * response). A route without a declared mode is refused (fail closed).
 */
@Injectable()
export class CredentialGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionStore,
    @Inject(HttpApiEnv) private readonly env: HttpApiEnv,
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
      };
      byHandler.set(handler, route);
    }
    return route;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { mode, limitClass } = this.routeOf(context);
    if (!mode) throw new Error(`route ${context.getClass().name}.${context.getHandler().name} declares no auth mode`);
    const req = context.switchToHttp().getRequest<RequestWithCaller>();
    const res = context.switchToHttp().getResponse<Response>();
    const caller = await this.authenticate(mode, req);
    req.caller = caller;
    if (caller.kind === 'client-id' && caller.origin) grantCors(res, caller.origin);
    const scoped = this.scopeOf(caller, req.ip ?? 'unknown', limitClass);
    if (scoped) applyRateLimitDecision(res, await this.limiter.consume(scoped.scope, scoped.limit));
    return true;
  }

  private authenticate(mode: AuthMode, req: RequestWithCaller): Promise<Caller> {
    switch (mode.mode) {
      case 'public':
        return Promise.resolve({ kind: 'public' });
      case 'api-key':
        return this.authenticator.apiKey(header(req, 'x-api-key'));
      case 'client-id':
        return this.authenticator.clientId(header(req, 'x-client-id'), header(req, 'origin'));
      case 'api-key-or-client-id':
        return this.authenticator.apiKeyOrClientId({
          apiKey: header(req, 'x-api-key'),
          clientId: header(req, 'x-client-id'),
          origin: header(req, 'origin'),
        });
      case 'orchestrator-key':
        return this.authenticator.orchestratorKey(header(req, 'x-orchestrator-key'));
      case 'api-key-client-id-or-orchestrator':
        return this.authenticator.apiKeyClientIdOrOrchestrator({
          apiKey: header(req, 'x-api-key'),
          clientId: header(req, 'x-client-id'),
          orchestratorKey: header(req, 'x-orchestrator-key'),
          origin: header(req, 'origin'),
        });
      case 'session':
        return this.session(req);
    }
  }

  /** Bearer or cookie session; cookie-borne state changes must come from a dashboard origin (CSRF). */
  private async session(req: RequestWithCaller): Promise<Caller> {
    const presented = presentedSessionToken(req);
    if (!presented) {
      const sent = { apiKey: header(req, 'x-api-key'), clientId: header(req, 'x-client-id'), origin: header(req, 'origin') };
      await refuseOtherCredential(this.authenticator, { ...sent, orchestratorKey: header(req, 'x-orchestrator-key') });
    }
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

  private scopeOf(caller: Caller, ip: string, limitClass: RateLimitClass): { scope: string; limit: RateLimit } | undefined {
    const factor = this.env.effectiveRateLimitMultiplier() * (limitClass === 'management' ? this.env.RATE_LIMIT_MANAGEMENT_MULTIPLIER : 1);
    const serverSide = { perSecond: this.env.RATE_LIMIT_API_KEY_PER_SECOND, perMinute: this.env.RATE_LIMIT_API_KEY_PER_MINUTE };
    const scale = (l: RateLimit): RateLimit => ({ perSecond: l.perSecond * factor, perMinute: l.perMinute * factor });
    switch (caller.kind) {
      case 'client-id':
        return { scope: `cid:${caller.clientIdId}:${ip}`, limit: scale(TIER_LIMITS[caller.rateTier]) };
      case 'api-key':
        return { scope: `key:${caller.apiKeyId}:${ip}`, limit: scale(serverSide) };
      case 'orchestrator':
        return { scope: `orch:${caller.orchestratorKeyId}:${ip}`, limit: scale(serverSide) };
      case 'session':
        return { scope: `sess:${caller.userId}:${ip}`, limit: scale(serverSide) };
      case 'public':
        return limitClass === 'ip' ? { scope: `ip:${ip}`, limit: scale(serverSide) } : undefined;
    }
  }
}
