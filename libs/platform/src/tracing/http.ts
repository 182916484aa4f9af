import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { tracer, tracingStarted } from './tracing.js';

/**
 * Express middleware: each request runs in a SERVER span named by its method and route template
 * (`PATCH /v2/payer/:clientUserId`), continuing a W3C `traceparent` header when the caller (a
 * gateway, another service) sent one. What the request writes to the outbox records this span's
 * context (appendToOutbox). Registered after the body parser, whose stream callbacks would leave
 * the context. Does nothing when tracing is off.
 */
export function traceRequests(req: Request, res: Response, next: NextFunction): void {
  if (!tracingStarted()) return next();
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer().startSpan(
    req.method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path, 'url.scheme': req.protocol } },
    parent,
  );
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
    if (typeof path === 'string' && !path.includes('*')) {
      span.updateName(`${req.method} ${path}`);
      span.setAttribute('http.route', path);
    }
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  res.once('finish', end);
  res.once('close', end); // the client went away before the answer was written
  context.with(trace.setSpan(parent, span), next);
}
