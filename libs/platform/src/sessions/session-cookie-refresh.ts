import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { tap } from 'rxjs/operators';
import type { RequestWithCaller } from '../auth/caller.js';
import { CLOCK, type Clock } from '../auth/clock.js';
import { SESSION_COOKIE, presentedSessionToken, setSessionCookie } from './session-cookie.js';

/** Whether the handler already set or cleared the session cookie (sign-in, logout). */
const handlerSetCookie = (res: Response): boolean => {
  const set = res.getHeader('Set-Cookie');
  const values = Array.isArray(set) ? set : typeof set === 'string' ? [set] : [];
  return values.some((value) => value.startsWith(`${SESSION_COOKIE}=`));
};

/**
 * The wallet session cookie slides with the session: a successful request authenticated by it
 * re-sets it with the Max-Age the server-side session now has (idle timeout from now, capped by
 * the absolute lifetime), so the browser does not drop a session the server still holds.
 */
@Injectable()
export class SessionCookieRefresh implements NestInterceptor {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<RequestWithCaller>();
    const caller = req.caller;
    // A wallet session may also have come as the owner proof beside a Client ID (platform webhooks).
    const session =
      caller?.kind === 'session' ? caller : caller?.kind === 'client-id' && caller.owner?.kind === 'session' ? caller.owner : undefined;
    if (session?.sessionKind !== 'wallet') return next.handle();
    const presented = presentedSessionToken(req);
    if (presented?.via !== 'cookie') return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      tap(() => {
        if (!res.headersSent && !handlerSetCookie(res)) setSessionCookie(res, presented.token, session.expiresAt, this.clock.now());
      }),
    );
  }
}
