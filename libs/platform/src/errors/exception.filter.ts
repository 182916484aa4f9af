import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type ErrorCode, isPayrailError } from '@payrail/domain';
import type { Response } from 'express';
import { ulid } from 'ulid';
import { type LoggedReq, routeOf } from '../logging/redaction.js';
import { bodyParserStatus, errorBody, type ErrorBody } from './http-errors.js';

/** Status of every domain error code for one app; the compiler checks the map is complete. */
export type StatusByCode = Record<ErrorCode, number>;

/** The default mapping; an app that needs another status for a code passes its own map. */
const DEFAULT_STATUS_BY_CODE: StatusByCode = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  DEPENDENCY_UNAVAILABLE: 503,
  UPSTREAM_FAILED: 502,
};

interface Mapped {
  body: ErrorBody;
  headers: Record<string, string>;
}

function fromHttpException(e: HttpException): ErrorBody {
  const status = e.getStatus();
  const response = e.getResponse();
  if (typeof response === 'string') return errorBody(status, response);
  const r = response as { message?: unknown };
  const message = Array.isArray(r.message) ? r.message.map(String).join('; ') : typeof r.message === 'string' ? r.message : e.message;
  return errorBody(status, message);
}

/**
 * The one exception filter of an app: every error leaves as `{ statusCode, message, error }`.
 * Unexpected errors become a 500 with an error id that is also on the log line; no stack
 * trace or internal message reaches the caller.
 */
@Catch()
export class PayrailExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly statusByCode: StatusByCode = DEFAULT_STATUS_BY_CODE) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const { body, headers } = this.map(exception, host.switchToHttp().getRequest<LoggedReq>());
    if (res.headersSent) return;
    res.status(body.statusCode).set(headers).json(body);
  }

  private map(exception: unknown, req: LoggedReq): Mapped {
    if (isPayrailError(exception)) {
      const status = this.statusByCode[exception.code];
      const headers: Record<string, string> = {};
      if (exception.details.retryAfterSeconds !== undefined) headers['Retry-After'] = String(exception.details.retryAfterSeconds);
      const extra = exception.details.fields ? { errors: exception.details.fields } : {};
      return { body: errorBody(status, exception.message, extra), headers };
    }
    // Express' body parser errors arrive raw or wrapped by Nest's adapter (as the cause).
    const parser = bodyParserStatus(exception) ?? (exception instanceof HttpException ? bodyParserStatus(exception.cause) : undefined);
    if (parser) return { body: errorBody(parser.status, parser.message), headers: {} };
    if (exception instanceof HttpException) {
      const body = fromHttpException(exception);
      if (body.statusCode < 500) return { body, headers: {} };
    }
    const errorId = ulid();
    this.logger.error({ err: exception, errorId, route: routeOf(req) }, 'unexpected error');
    return { body: errorBody(500, `Internal server error (error id ${errorId})`, { errorId }), headers: {} };
  }
}
