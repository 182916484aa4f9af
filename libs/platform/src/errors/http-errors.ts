import { STATUS_CODES } from 'node:http';
import type { FieldError } from '@payrail/domain';

/** The spec's error body: `{ statusCode, message, error }`, plus `errors` on validation failures. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  errors?: FieldError[];
  errorId?: string;
}

export function errorBody(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error', ...extra };
}

/** Errors raised by Express' body parser before Nest sees the request. */
export function bodyParserStatus(error: unknown): { status: number; message: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { type?: unknown; status?: unknown; limit?: unknown };
  switch (e.type) {
    case 'entity.parse.failed':
      return { status: 400, message: 'Malformed JSON in request body' };
    case 'entity.too.large':
      return { status: 413, message: `Request body exceeds the ${String(e.limit)} byte limit` };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, message: 'Unsupported request body encoding' };
    case 'request.aborted':
      return { status: 400, message: 'Request aborted' };
    default:
      return undefined;
  }
}
