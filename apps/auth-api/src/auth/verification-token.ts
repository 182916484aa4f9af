import { randomBytes } from 'node:crypto';
import { hashSecret } from '@payrail/domain';

/** E-mail verification tokens: `evt_` + 32 random bytes (base64url); only the SHA-256 is stored. */
export const VERIFICATION_TOKEN_PATTERN = /^evt_[A-Za-z0-9_-]{43}$/;

export function issueVerificationToken(): { token: string; tokenHash: string } {
  const token = `evt_${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashSecret(token) };
}

export const verificationTokenHash = (token: string): string => hashSecret(token);
