/** What an attempt's record says about its failure (SendResult's fields). */
export interface AttemptFailure {
  statusCode: number | null;
  error: string | null;
}

const CODE_NAMES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timeout',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timeout',
  UND_ERR_SOCKET: 'connection closed',
};

const isTlsCode = (code: string): boolean => /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED)/.test(code);

/**
 * The class of a failed attempt, for the owner's notice: the status code, or the kind of
 * network error with its code (`ECONNREFUSED`), never the error's text (which can name internal
 * addresses) nor the response body (which can hold anything the receiver printed).
 */
export function failureClass(failure: AttemptFailure): string {
  if (failure.statusCode !== null) return `HTTP ${failure.statusCode}`;
  const error = failure.error ?? '';
  if (error.startsWith('timeout')) return 'timeout (no answer in time)';
  if (error.startsWith('refused by the URL policy')) return 'refused by the URL policy (the host is not a public address)';
  if (error.includes('does not resolve')) return 'DNS: the host name does not resolve';
  const code = /^([A-Z][A-Z0-9_]+):/.exec(error)?.[1];
  if (code === undefined) return 'connection error';
  if (isTlsCode(code)) return `TLS certificate refused (${code})`;
  return `${CODE_NAMES[code] ?? 'connection error'} (${code})`;
}
