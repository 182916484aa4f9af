import { AsyncLocalStorage } from 'node:async_hooks';

/** Reads the id of the HTTP request being served (read when needed: the logger may assign it later). */
type RequestIdReader = () => string | null;

const scope = new AsyncLocalStorage<RequestIdReader>();

/**
 * Runs `next` (and all it awaits) as part of one HTTP request, so an outbox row written on its
 * way records the request's id (see appendToOutbox). The HTTP bootstrap wraps every request.
 */
export function runInRequestScope<T>(readRequestId: RequestIdReader, next: () => T): T {
  return scope.run(readRequestId, next);
}

/** The id of the HTTP request this code runs for; null in workers, CLIs and tests without a request. */
export function currentRequestId(): string | null {
  return scope.getStore()?.() ?? null;
}
