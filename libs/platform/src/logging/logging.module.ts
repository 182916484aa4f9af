import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { newUlid } from '@payrail/domain';
import { BaseEnv } from '../config/env.js';
import { REDACTED, redactionPaths } from './redaction.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's x-request-id when it is sane, otherwise issues a ULID; echoes it back. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newUlid();
  res.setHeader('x-request-id', id);
  return id;
}

/** Structured JSON logs (pino) with a request id on every line and secrets redacted. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [BaseEnv],
      useFactory: (env: BaseEnv) => ({
        pinoHttp: {
          level: env.LOG_LEVEL,
          redact: { paths: redactionPaths(), censor: REDACTED },
          genReqId: requestIdFor,
          customAttributeKeys: { reqId: 'requestId' },
          autoLogging: { ignore: (req: IncomingMessage) => (req.url ?? '').startsWith('/health') },
          base: { service: process.title },
          // Request bodies are never logged; only method, url and the redacted headers.
          serializers: {
            req: (req: { id: string; method: string; url: string; headers: Record<string, unknown> }) => ({
              id: req.id,
              method: req.method,
              url: req.url,
              headers: req.headers,
            }),
          },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
