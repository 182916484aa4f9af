/** One field's refusal in a validation error (`errors[]` of the spec's 400). */
export interface FieldError {
  field: string;
  message: string;
}

/** The spec's error body: `{statusCode, message, error}`, validation adding `errors: [{field, message}]`. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  error: string;
  errors?: FieldError[];
}

/** The spec's error body, or undefined when the answer is something else (a proxy's HTML page, no body). */
export function errorBodyOf(body: unknown): ApiErrorBody | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as Partial<Record<keyof ApiErrorBody, unknown>>;
  if (typeof b.message !== 'string') return undefined;
  const errors = Array.isArray(b.errors) ? b.errors.filter(isFieldError) : undefined;
  return {
    statusCode: typeof b.statusCode === 'number' ? b.statusCode : 0,
    message: b.message,
    error: typeof b.error === 'string' ? b.error : '',
    ...(errors ? { errors } : {}),
  };
}

const isFieldError = (e: unknown): e is FieldError =>
  typeof e === 'object' && e !== null && typeof (e as FieldError).field === 'string' && typeof (e as FieldError).message === 'string';

/** The `message` of the spec's error body, or undefined when the answer is something else. */
export function errorMessageOf(body: unknown): string | undefined {
  return errorBodyOf(body)?.message;
}

/**
 * A call the API refused: the HTTP status, the API's own sentence as the message (else `fallback`),
 * the spec's `error` phrase and the validation's field errors. Both browser apps throw this one
 * class, so a screen tells a 404 from a 403 by `status` and shows `message` as it is.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly error: string;
  readonly errors: readonly FieldError[];

  constructor(
    readonly status: number,
    message: string,
    details: { error?: string; errors?: readonly FieldError[] } = {},
  ) {
    super(message);
    this.error = details.error ?? '';
    this.errors = details.errors ?? [];
  }

  /** The error of an answer: its status and what its body says in the spec's shape. */
  static of(response: Response, body: unknown, fallback = `HTTP ${response.status}`): ApiError {
    const parsed = errorBodyOf(body);
    return new ApiError(response.status, parsed?.message ?? fallback, { error: parsed?.error, errors: parsed?.errors });
  }
}

/** What an openapi-fetch call resolves to. */
export interface ApiAnswer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a successful answer, or the ApiError of a refused one. */
export function unwrap<T>(answer: ApiAnswer<T>): T {
  if (!answer.response.ok || answer.data === undefined) throw ApiError.of(answer.response, answer.error);
  return answer.data;
}
