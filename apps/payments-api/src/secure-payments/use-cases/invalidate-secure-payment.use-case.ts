import { Injectable } from '@nestjs/common';
import { effectiveStatus, invalidationRefusal, PayrailError, type SecurePaymentStatus } from '@payrail/domain';
import { appendToOutbox, SecurePaymentsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { creatorOf } from '../creator.js';

/**
 * DELETE /v2/secure-payments/{token}: the platform's API key or a session of its account (a
 * Client ID is public) invalidates an open payment of its platform, whichever Client ID created
 * it; the page then shows `invalidated`. A payment already completed, expired, invalidated or
 * refused by screening is 409.
 */
@Injectable()
export class InvalidateSecurePayment {
  constructor(private readonly db: DataSource) {}

  execute({ caller, token }: { caller: Caller; token: string }): Promise<{ token: string; status: SecurePaymentStatus }> {
    const creator = creatorOf(caller);
    return this.db
      .transaction(async (m): Promise<{ refused: string } | { token: string; status: SecurePaymentStatus }> => {
        const repo = new SecurePaymentsRepository(m);
        const payment = await repo.forOwner({ platformId: creator.platformId, clientIdId: creator.clientIdId }, token);
        if (!payment) throw new PayrailError('NOT_FOUND', 'Secure payment not found');
        const now = new Date();
        const current = effectiveStatus(payment.status, payment.expiresAt, now);
        const refusal = invalidationRefusal(current);
        if (refusal) {
          // A lapsed payment is recorded as expired even though the invalidation is refused.
          if (current === 'expired' && payment.status !== 'expired')
            await appendToOutbox(m, await repo.transition(payment, 'expired', 'expired', now));
          return { refused: refusal };
        }
        await appendToOutbox(m, await repo.transition(payment, 'invalidated', 'invalidated', now));
        return { token, status: 'invalidated' as const };
      })
      .then((result) => {
        if ('refused' in result) throw new PayrailError('CONFLICT', result.refused);
        return result;
      });
  }
}
