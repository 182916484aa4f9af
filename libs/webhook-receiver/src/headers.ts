/** Request headers as Node (`req.headers`, lower-case keys) or the Fetch API (`Headers`) hand them over. */
export type IncomingHeaders = Record<string, string | string[] | undefined> | { get(name: string): string | null };

/** One header's single value, or undefined when it is absent, empty or repeated. */
export function headerOf(headers: IncomingHeaders, name: string): string | undefined {
  const raw =
    typeof headers.get === 'function'
      ? (headers as { get(name: string): string | null }).get(name)
      : (headers as Record<string, unknown>)[name];
  return typeof raw === 'string' && raw.length > 0 ? raw : undefined;
}

/** Header names of a Payrail delivery (the interface's and the Standard Webhooks ones). */
export const PAYRAIL_WEBHOOK_HEADERS = {
  signature: 'x-service-signature',
  delivery: 'x-service-delivery',
  retryCount: 'x-service-retry-count',
  test: 'x-service-test',
  standardId: 'webhook-id',
  standardTimestamp: 'webhook-timestamp',
  standardSignature: 'webhook-signature',
  eventSequence: 'x-payrail-event-sequence',
  occurredAt: 'x-payrail-occurred-at',
} as const;
