import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Credential formats. Secrets are 32 random bytes (base64url); only their SHA-256 is
 * stored (they are high-entropy, so a slow hash adds nothing); the first characters are
 * kept as a non-secret prefix for lookup and display.
 *
 *   API key           prk_<43 chars>     shown once, prefix = first 12 chars
 *   orchestrator key  pok_<43 chars>     shown once, prefix = first 12 chars
 *   Client ID         cli_<22 chars>     public identifier (browser code carries it)
 */
const API_KEY_PREFIX = 'prk_';
const ORCHESTRATOR_KEY_PREFIX = 'pok_';
const CLIENT_ID_PREFIX = 'cli_';
const DISPLAY_PREFIX_LENGTH = 12;

export interface IssuedSecret {
  /** The whole secret: returned to the caller once, never stored. */
  secret: string;
  /** Non-secret lookup and display prefix. */
  prefix: string;
  /** What is stored. */
  hash: string;
}

export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex'); // one-shot: no Hash object per request
}

function issue(kind: string): IssuedSecret {
  const secret = kind + randomBytes(32).toString('base64url');
  return { secret, prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashSecret(secret) };
}

export const issueApiKey = (): IssuedSecret => issue(API_KEY_PREFIX);
export const issueOrchestratorKey = (): IssuedSecret => issue(ORCHESTRATOR_KEY_PREFIX);
export const newClientId = (): string => CLIENT_ID_PREFIX + randomBytes(16).toString('base64url');

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Shape check before any lookup, so junk never reaches the database. */
export function looksLike(kind: 'api-key' | 'orchestrator-key' | 'client-id', value: string): boolean {
  switch (kind) {
    case 'api-key':
      return /^prk_[A-Za-z0-9_-]{43}$/.test(value);
    case 'orchestrator-key':
      return /^pok_[A-Za-z0-9_-]{43}$/.test(value);
    case 'client-id':
      return /^cli_[A-Za-z0-9_-]{8,64}$/.test(value);
  }
}
