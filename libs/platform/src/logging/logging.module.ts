import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { destination, type DestinationStream } from 'pino';
import { newUlid } from '@payrail/domain';
import { BaseEnv } from '../config/env.js';
import { redactingPinoOptions, routeOf } from './redaction.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Keeps a caller's x-request-id when it is sane, otherwise issues a ULID; echoes it back. */
export function requestIdFor(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newUlid();
  res.setHeader('x-request-id', id);
  return id;
}

const LOG_FLUSH_INTERVAL_MS = 100;

/**
 * stdout, written once per LOG_BUFFER_BYTES of lines (a write per line cost a request on a hot
 * route more than building the line) and at most 100 ms after a line is logged; pino flushes
 * it on exit. `streamWrite` is pino's hook on every line: it arms the flush timer.
 */
function bufferedLogOutput(bufferBytes: number): { stream: DestinationStream; streamWrite: (line: string) => string } {
  if (bufferBytes === 0) return { stream: destination({ dest: 1, sync: true }), streamWrite: (line) => line };
  const stream = destination({ dest: 1, sync: false, minLength: bufferBytes });
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    timer = undefined;
    stream.flush((error) => error && undefined); // a destroyed stream (after exit) has nothing to flush
  };
  const streamWrite = (line: string) => {
    timer ??= setTimeout(flush, LOG_FLUSH_INTERVAL_MS).unref();
    return line;
  };
  return { stream, streamWrite };
}

/** The access log line of a request: the route template it matched, never its raw path or query. */
const withRoute = (req: IncomingMessage, _res: ServerResponse, line: object) => ({ ...line, route: routeOf(req) });

/**
 * Structured JSON logs (pino) with a request id on every line and secrets redacted (request
 * bodies, paths and queries are never logged; only method, route template and the redacted headers).
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [BaseEnv],
      useFactory: (env: BaseEnv) => {
        const output = bufferedLogOutput(env.LOG_BUFFER_BYTES);
        const redacting = redactingPinoOptions();
        return {
          pinoHttp: [
            {
              level: env.LOG_LEVEL,
              ...redacting,
              wrapSerializers: false,
              genReqId: requestIdFor,
              customAttributeKeys: { reqId: 'requestId' },
              autoLogging: { ignore: (req: IncomingMessage) => (req.url ?? '').startsWith('/health') },
              base: { service: process.title },
              hooks: { ...redacting.hooks, streamWrite: output.streamWrite },
              customSuccessObject: withRoute,
              customErrorObject: (req: IncomingMessage, res: ServerResponse, _err: Error, line: object) => withRoute(req, res, line),
            },
            output.stream,
          ],
        };
      },
    }),
  ],
})
export class LoggingModule {}
