import { cancelAt, type ClassifiedFailure, DEFAULT_DUNNING_POLICY, type DunningPolicy, webhookEvent } from '@payrail/domain';
import { ClientIdsRepository, RecurringDunningRepository, type RecurringPaymentEntity } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';
import type { Claim } from './execution-records.js';
import { PAYMENT_PROCESSOR } from '../shared/payment-processor.js';

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The platform's dunning policy, or the default when it set none. */
export async function dunningPolicyOf(m: EntityManager, platformId: string): Promise<DunningPolicy> {
  return (await new RecurringDunningRepository(m).policy(platformId)) ?? DEFAULT_DUNNING_POLICY;
}

/** payment.failed for the period's request, with the failure reason as subStatus and the dunning step (extensions). */
export async function failedEvent(m: EntityManager, claim: Claim, failure: ClassifiedFailure, attempt: number, nextAttemptAt: Date | null) {
  const s = claim.schedule;
  return webhookEvent(
    'payment.failed',
    { aggregateType: 'request', aggregateId: claim.requestId },
    {
      requestId: claim.requestId,
      requestID: claim.requestId,
      paymentReference: claim.paymentReference,
      clientId: await new ClientIdsRepository(m).publicClientId(s.clientIdId),
      subStatus: failure.subStatus,
      paymentProcessor: PAYMENT_PROCESSOR,
      recurringPayment: { id: s.id },
      attempt,
      nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
    },
    { platformId: s.platformId },
  );
}

type DunningState = Pick<
  RecurringPaymentEntity,
  | 'id'
  | 'platformId'
  | 'clientIdId'
  | 'failureSubStatus'
  | 'failureReason'
  | 'failureCount'
  | 'processedPayments'
  | 'totalPayments'
  | 'pastDueAt'
>;

/** schedule.past_due (paused now) or schedule.canceled_for_nonpayment, at chain time `now`. */
export async function scheduleEvent(
  m: EntityManager,
  event: 'schedule.past_due' | 'schedule.canceled_for_nonpayment',
  s: DunningState,
  now: number,
) {
  const pastDueAt = s.pastDueAt ? Math.floor(s.pastDueAt.getTime() / 1000) : null;
  const cancelling =
    event === 'schedule.past_due' && pastDueAt !== null ? cancelAt(await dunningPolicyOf(m, s.platformId), pastDueAt) : null;
  return webhookEvent(
    event,
    { aggregateType: 'recurring_payment', aggregateId: s.id },
    {
      recurringPaymentId: s.id,
      status: event === 'schedule.past_due' ? 'paused' : 'cancelled',
      subStatus: s.failureSubStatus,
      failureReason: s.failureReason,
      failureCount: s.failureCount,
      processedPayments: s.processedPayments,
      totalPayments: s.totalPayments,
      pastDueAt: pastDueAt === null ? null : iso(pastDueAt),
      cancelAt: cancelling === null ? null : iso(cancelling),
      clientId: await new ClientIdsRepository(m).publicClientId(s.clientIdId),
      timestamp: iso(now),
    },
    { platformId: s.platformId },
  );
}
