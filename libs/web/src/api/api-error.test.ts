import { describe, expect, it } from 'vitest';
import { ApiError, errorMessageOf, unwrap } from './api-error';

const response = (status: number) => new Response(null, { status });

describe('ApiError', () => {
  it("reads the spec's error shape: status, sentence, error phrase", () => {
    const error = ApiError.of(response(404), { statusCode: 404, message: 'Secure payment not found.', error: 'Not Found' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', status: 404, message: 'Secure payment not found.', error: 'Not Found', errors: [] });
  });

  it("keeps a validation answer's field errors", () => {
    const body = {
      statusCode: 400,
      message: 'Validation failed',
      error: 'Bad Request',
      errors: [{ field: 'destinationWalletAddress', message: 'must be an EVM or Tron address' }, { field: 7 }],
    };
    const error = ApiError.of(response(400), body);
    expect(error.errors).toEqual([{ field: 'destinationWalletAddress', message: 'must be an EVM or Tron address' }]);
  });

  it('falls back to the status when the body is not the spec shape', () => {
    expect(ApiError.of(response(502), '<html>Bad gateway</html>').message).toBe('HTTP 502');
    expect(ApiError.of(response(500), { message: 42 }, 'The server answered HTTP 500; try again.').message).toBe(
      'The server answered HTTP 500; try again.',
    );
    expect(errorMessageOf(null)).toBeUndefined();
    expect(errorMessageOf({ statusCode: 409, message: 'Already paid', error: 'Conflict' })).toBe('Already paid');
  });
});

describe('unwrap', () => {
  it('answers the body of a success', () => {
    expect(unwrap({ data: { ok: true }, response: response(200) })).toEqual({ ok: true });
  });

  it('throws the ApiError of a refusal', () => {
    const refused = () =>
      unwrap({ error: { statusCode: 403, message: 'Wallet not allowed.', error: 'Forbidden' }, response: response(403) });
    expect(refused).toThrow(ApiError);
    expect(refused).toThrow('Wallet not allowed.');
  });
});
