/** An OpenAPI response schema whose example is the spec's error body. */
export const errorExample = (statusCode: number, message: string, error: string) => ({
  schema: { type: 'object', example: { statusCode, message, error } },
});

/** The 409 of a route honouring Idempotency-Key: the key was used before with another body. */
export const IDEMPOTENCY_CONFLICT = {
  description: 'Idempotency-Key reused with a different body',
  ...errorExample(409, 'This Idempotency-Key was already used with a different request', 'Conflict'),
};
