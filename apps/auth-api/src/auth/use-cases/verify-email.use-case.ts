import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { EmailVerificationRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { CLOCK, type Clock } from '@payrail/platform';
import { verificationTokenHash } from '../verification-token.js';

/**
 * `POST /v1/auth/verify-email {token}`: uses the token once and marks its account verified (with
 * the password of the registration that sent it). Unknown, used, expired and superseded tokens
 * get one answer.
 */
@Injectable()
export class VerifyEmail {
  constructor(
    private readonly db: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: { token: string }): Promise<{ status: 'verified' }> {
    const now = new Date(this.clock.now());
    const verified = await this.db.transaction((m) =>
      new EmailVerificationRepository(m).consume(verificationTokenHash(command.token), now),
    );
    if (!verified)
      throw new PayrailError('VALIDATION_FAILED', 'Invalid or expired verification token', {
        fields: [{ field: 'token', message: 'token is unknown, already used or expired' }],
      });
    return { status: 'verified' };
  }
}
