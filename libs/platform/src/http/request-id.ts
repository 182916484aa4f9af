import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { assignedRequestId } from './request-scope.middleware.js';

/** The request id pino-http assigned (x-request-id), to carry into job data; null outside a request. */
export const CurrentRequestId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string | null =>
  assignedRequestId(ctx.switchToHttp().getRequest<IncomingMessage>()),
);
