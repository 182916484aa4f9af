import type { IncomingMessage, ServerResponse } from 'node:http';
import { runInRequestScope } from '@payrail/persistence';

/** The id pino-http gave the request (see requestIdFor), once it has. */
export const assignedRequestId = (req: IncomingMessage): string | null => {
  const id = (req as IncomingMessage & { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
};

/** Express middleware: the rest of the request runs in its request scope (see runInRequestScope). */
export function requestScope(req: IncomingMessage, _res: ServerResponse, next: () => void): void {
  runInRequestScope(() => assignedRequestId(req), next);
}
