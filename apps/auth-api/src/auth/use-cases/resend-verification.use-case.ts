import { Inject, Injectable } from '@nestjs/common';
import { EmailVerificationRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '@payrail/platform';
import { AuthApiEnv } from '../../config/auth-api.env.js';
import { MailTransport } from '../mail/mail-transport.js';
import { ResendLimiter } from '../resend-limiter.js';
import { issueVerificationToken } from '../verification-token.js';

/**
 * `POST /v1/auth/verify-email/resend {email}`: a new token for an unverified account (bound to its
 * latest registration's password). The answer is the same for an unknown, a verified and an
 * unverified address, and so is the per-address limit (counted for all of them).
 */
@Injectable()
export class ResendVerification {
  constructor(
    private readonly db: DataSource,
    private readonly limiter: ResendLimiter,
    private readonly mail: MailTransport,
    private readonly env: AuthApiEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: { email: string }): Promise<{ status: 'accepted'; email: string }> {
    await this.limiter.consume(command.email);
    const { token, tokenHash } = issueVerificationToken();
    const issuedAt = new Date(this.clock.now());
    const expiresAt = new Date(issuedAt.getTime() + this.env.EMAIL_VERIFICATION_TTL_HOURS * 3600_000);
    const pending = await this.db.transaction((m) =>
      new EmailVerificationRepository(m).issueForUnverified(command.email, { tokenHash, issuedAt, expiresAt }),
    );
    if (pending) await this.mail.sendVerification({ to: command.email, userId: pending.userId, token, expiresAt, reason: 'resend' });
    return { status: 'accepted', email: command.email };
  }
}
