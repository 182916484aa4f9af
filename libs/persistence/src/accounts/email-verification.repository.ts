import type { EntityManager } from 'typeorm';
import { sqlExecute, sqlOne } from '../sql/typed-query.js';

/** A verification token about to be sent: only its SHA-256 is stored. */
export interface PendingVerification {
  tokenHash: string;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * Stores `token` for an unverified user, bound to `passwordHash` (verifying sets it); the user's
 * expired tokens are dropped on the way. Runs in the caller's transaction.
 */
export async function storeVerificationToken(
  m: EntityManager,
  userId: string,
  passwordHash: string,
  token: PendingVerification,
): Promise<string> {
  await sqlExecute(m, `DELETE FROM email_verification_tokens WHERE user_id = $1 AND expires_at <= $2`, [userId, token.issuedAt]);
  await sqlExecute(m, `INSERT INTO email_verification_tokens (token_hash, user_id, password_hash, expires_at) VALUES ($1, $2, $3, $4)`, [
    token.tokenHash,
    userId,
    passwordHash,
    token.expiresAt,
  ]);
  return userId;
}

/** Single-use e-mail verification tokens (see the EmailVerification migration); run its methods in a transaction. */
export class EmailVerificationRepository {
  constructor(private readonly m: EntityManager) {}

  /**
   * A new token for the unverified account of `email`, bound to its latest registration's password.
   * Undefined (nothing stored) when there is no such account or it is verified already.
   */
  async issueForUnverified(email: string, token: PendingVerification): Promise<{ userId: string } | undefined> {
    const m = this.m;
    const user = await sqlOne<{ id: string; password_hash: string }>(
      m,
      `SELECT id, password_hash FROM users WHERE email = $1 AND email_verified_at IS NULL AND password_hash IS NOT NULL FOR UPDATE`,
      [email],
    );
    if (!user) return undefined;
    return { userId: await storeVerificationToken(m, user.id, user.password_hash, token) };
  }

  /**
   * Uses a token: deleted whatever happens next (single use); when it was unexpired at `now` and
   * its account still unverified, the account is verified with the token's password and every
   * other token of the account is dropped. Answers the verified user, or undefined.
   */
  async consume(tokenHash: string, now: Date): Promise<{ userId: string } | undefined> {
    const m = this.m;
    const token = await sqlOne<{ user_id: string; password_hash: string; expires_at: Date }>(
      m,
      `DELETE FROM email_verification_tokens WHERE token_hash = $1 RETURNING user_id, password_hash, expires_at`,
      [tokenHash],
    );
    if (!token || token.expires_at.getTime() <= now.getTime()) return undefined;
    const verified = await sqlExecute(
      m,
      `UPDATE users SET email_verified_at = $2, password_hash = $3 WHERE id = $1 AND email_verified_at IS NULL`,
      [token.user_id, now, token.password_hash],
    );
    if (verified === 0) return undefined;
    await sqlExecute(m, `DELETE FROM email_verification_tokens WHERE user_id = $1`, [token.user_id]);
    return { userId: token.user_id };
  }
}
