import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { EmailVerificationRepository } from '@payrail/persistence';
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
    private readonly verifications: EmailVerificationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(command: { token: string }): Promise<{ status: 'verified' }> {
    const verified = await this.verifications.consume(verificationTokenHash(command.token), new Date(this.clock.now()));
    if (!verified)
      throw new PayrailError('VALIDATION_FAILED', 'Invalid or expired verification token', {
        fields: [{ field: 'token', message: 'token is unknown, already used or expired' }],
      });
    return { status: 'verified' };
  }
}
