import { ApiError } from '@payrail/web';

export { ApiError };

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a successful openapi-fetch call, or the shared ApiError carrying the server's message. */
export async function must<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined) throw failure(response, error);
  return data;
}

/** A call whose answer has no body worth reading (204, or a body the screen ignores). */
export async function done(call: Promise<Answer<unknown>>): Promise<void> {
  const { error, response } = await call;
  if (!response.ok) throw failure(response, error);
}

function failure(response: Response, error: unknown): ApiError {
  return ApiError.of(response, error, `The server answered HTTP ${response.status}; try again.`);
}
