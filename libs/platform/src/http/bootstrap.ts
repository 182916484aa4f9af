import { type DynamicModule, type Type } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { Authenticator } from '../auth/authenticator.js';
import { corsMiddleware } from '../auth/cors.js';
import { BaseEnv } from '../config/env.js';
import { HttpApiEnv } from '../config/http-api-env.js';
import { PayrailExceptionFilter, type StatusByCode } from '../errors/exception.filter.js';
import { payrailValidationPipe } from '../errors/validation.js';
import { setupOpenApi, type OpenApiInfo } from './openapi.js';
import { requestScope } from './request-scope.middleware.js';
import { securityHeaders } from './security-headers.js';
import { isDraining, markDraining } from '../health/draining.js';
import { httpMetricsMiddleware } from '../metrics/http.js';
import { startMetricsServer } from '../metrics/server.js';
import { startTracing } from '../tracing/tracing.js';
import { traceRequests } from '../tracing/http.js';

export interface HttpAppOptions {
  /** Largest JSON body accepted; larger ones get 413. */
  bodyLimit?: string;
  statusByCode?: StatusByCode;
  openApi?: OpenApiInfo;
  /** An API with the CredentialsModule: trusted proxies and CORS are applied. */
  credentials?: boolean;
}

const DEFAULT_BODY_LIMIT = '100kb';

/** Builds an app (API or worker health server) with the house defaults applied once. */
export async function createHttpApp(module: Type | DynamicModule, options: HttpAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, { bufferLogs: true, bodyParser: false });
  return configureHttpApp(app, options);
}

/**
 * The house defaults on an app created with `bodyParser: false` (by createHttpApp, or by a
 * test's TestingModule): logger, body limit, proxies, CORS, validation, errors, OpenAPI.
 */
export function configureHttpApp(app: NestExpressApplication, options: HttpAppOptions = {}): NestExpressApplication {
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(httpMetricsMiddleware());
  app.use(securityHeaders({ hsts: app.get(BaseEnv).PAYRAIL_ENV !== 'local' }));
  // API answers are not cached by clients; hashing every body for an ETag costs more than it saves.
  app.set('etag', false);
  app.useBodyParser('json', { limit: options.bodyLimit ?? DEFAULT_BODY_LIMIT });
  // After the body parser (whose stream callbacks would leave the scope): outbox rows written for
  // this request record its id (assigned by the logger's pino-http, which runs later, hence read lazily).
  app.use(requestScope);
  app.use(traceRequests);
  if (options.credentials) {
    const api = app.get(HttpApiEnv);
    // Client IPs (rate-limit scope) honour X-Forwarded-For only from the configured proxies.
    app.set('trust proxy', api.TRUSTED_PROXIES.length > 0 ? api.TRUSTED_PROXIES : false);
    app.use(corsMiddleware(app.get(Authenticator), api.DASHBOARD_ORIGINS, api.hostedPageOrigins()));
  } else {
    app.set('trust proxy', false);
  }
  app.useGlobalPipes(payrailValidationPipe());
  app.useGlobalFilters(new PayrailExceptionFilter(options.statusByCode));
  if (options.openApi) setupOpenApi(app, options.openApi);
  return app;
}

export interface ListenOptions {
  /** An API behind a load balancer: after SIGTERM it serves on for HttpApiEnv.shutdownDelayMs() while unready. */
  api?: boolean;
}

/**
 * Listens on the configured port (and serves metrics on METRICS_PORT) and drains on SIGTERM/SIGINT:
 * /health/ready answers 503 at once; an API serves on for SHUTDOWN_DELAY_MS (the load balancer
 * takes it out meanwhile; every answer then says `Connection: close`); the listener closes (idle
 * keep-alive connections with it) and the requests in flight are answered; then the shutdown hooks
 * run (workers finish or hand back their jobs, loops end their pass, connections close) and the
 * process exits 0. Past SHUTDOWN_TIMEOUT_SECONDS it exits 1 anyway.
 */
export async function listen(app: NestExpressApplication, options: ListenOptions = {}): Promise<void> {
  const env = app.get(BaseEnv);
  const delayMs = options.api ? app.get(HttpApiEnv).shutdownDelayMs() : 0;
  const metrics = await startMetricsServer(env.METRICS_PORT, env.BIND_HOST);
  const tracing = await startTracing(env);
  const server: Server = app.getHttpServer();
  const inFlight = trackResponses(server);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    markDraining();
    setTimeout(() => process.exit(1), env.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
    app.get(Logger).log(`${signal} received: draining${delayMs > 0 ? ` (serving ${delayMs} ms more while unready)` : ''}`);
    metrics.close();
    new Promise((resolve) => setTimeout(resolve, delayMs))
      .then(() => closeServer(server, inFlight))
      .then(() => app.close())
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.get(Logger).error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  await app.listen(env.PORT, env.BIND_HOST);
}

/** The responses not yet finished; once draining, each new one closes its connection after it is sent. */
function trackResponses(server: Server): Set<ServerResponse> {
  const inFlight = new Set<ServerResponse>();
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (isDraining()) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return inFlight;
}

/**
 * Stops accepting, closes idle keep-alive connections, and resolves once every request in flight
 * was answered: their connections close after the answer (`Connection: close`) instead of
 * waiting idle for a request that would be refused.
 */
function closeServer(server: Server, inFlight: Set<ServerResponse>): Promise<void> {
  for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
