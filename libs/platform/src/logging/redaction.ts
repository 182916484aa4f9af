/** Header names whose values never reach a log line. */
export const SECRET_HEADERS = ['x-api-key', 'x-orchestrator-key', 'authorization', 'cookie', 'set-cookie', 'x-service-signature'];

/** Object keys whose values never reach a log line, at any of the first three levels. */
export const SECRET_KEYS = [
  'password',
  'secret',
  'signature',
  'permitSignature',
  'privateKey',
  'apiKey',
  'orchestratorKey',
  'sessionToken',
  'session_token',
  'token',
  'encryptionKey',
  'mnemonic',
];

/** pino `redact.paths` for the headers and keys above (pino wildcards cover one level each). */
export function redactionPaths(): string[] {
  const headers = SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]);
  const keys = SECRET_KEYS.flatMap((k) => [`${k}`, `*.${k}`, `*.*.${k}`, `*.*.*.${k}`]);
  return [...headers, ...keys];
}

export const REDACTED = '[REDACTED]';
