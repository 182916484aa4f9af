import type { NextFunction, Request, Response } from 'express';
import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.js';

const registers = [metricsRegistry];
const HTTP_LABELS = ['route', 'method', 'status_class'] as const;

export const httpRequests = new Counter({
  name: 'payrail_http_requests_total',
  help: 'HTTP requests answered, by route template, method and status class (2xx, 4xx, ...)',
  labelNames: HTTP_LABELS,
  registers,
});

export const httpRequestDuration = new Histogram({
  name: 'payrail_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being written, by route template, method and status class',
  labelNames: HTTP_LABELS,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const rateLimitRejections = new Counter({
  name: 'payrail_http_rate_limit_rejections_total',
  help: 'Requests refused with 429 by a rate limit, by limit class (standard, management, ip, sign-in, failed-auth, ...)',
  labelNames: ['class'] as const,
  registers,
});

export const authFailures = new Counter({
  name: 'payrail_http_auth_failures_total',
  help: "Requests refused 401/403 by the credential guard, by the route's auth mode",
  labelNames: ['mode'] as const,
  registers,
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times every request by the route template Express matched (`/v2/request/:requestId`,
 * never the raw path; `unmatched` for 404s outside any route), its method and status class.
 */
export function httpMetricsMiddleware(): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const path: unknown = (req.route as { path?: unknown } | undefined)?.path;
      const labels = {
        // A wildcard route (the 404 catch-all) names no route of ours.
        route: typeof path === 'string' && !path.includes('*') ? path : 'unmatched',
        method: METHODS.has(req.method) ? req.method : 'OTHER',
        status_class: `${Math.floor(res.statusCode / 100)}xx`,
      };
      httpRequests.inc(labels);
      httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
