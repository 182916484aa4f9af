/** An OpenAPI response schema whose example is the spec's error body. */
export const errorExample = (statusCode: number, message: string, error: string) => ({
  schema: { type: 'object', example: { statusCode, message, error } },
});
