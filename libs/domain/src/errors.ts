/**
 * Coded domain errors. Libraries throw these; each app maps every code to an HTTP
 * status in one exception filter (a Record<ErrorCode, number> the compiler checks).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'CONFLICT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'DEPENDENCY_UNAVAILABLE',
  /** A dependency answered and refused what we relayed (e.g. a Tron node refused a broadcast): 502. */
  'UPSTREAM_FAILED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldError {
  field: string;
  message: string;
}

export class PayrailError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { fields?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'PayrailError';
  }
}

export function isPayrailError(value: unknown): value is PayrailError {
  return value instanceof PayrailError;
}
