/** What withDeadline answers when the deadline came first. */
export const TIMED_OUT = Symbol('timed out');

/**
 * `promise`, or TIMED_OUT once `ms` have passed. The work itself is not cancelled: its outcome
 * (even a rejection) is dropped. For reads a request must not wait on (a slow chain RPC).
 */
export async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
