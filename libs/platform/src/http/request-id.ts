import { createParamDecorator, type ExecutionContext } from '@nestjs/common';

/** The request id pino-http assigned (x-request-id), to carry into job data; null outside a request. */
export const CurrentRequestId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string | null => {
  const id = ctx.switchToHttp().getRequest<{ id?: unknown }>().id;
  return typeof id === 'string' ? id : null;
});
