import { canonicalPayerWallet, payerVerdict, webhookEvent, type DomainEvent, type KytProvider } from '@payrail/domain';
import {
  appendToOutbox,
  ClientIdsRepository,
  SecurePaymentsRepository,
  type SecurePaymentEntity,
  type RequestEntity,
} from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

/** A wallet that paid a request: the transaction's sender (or a recurring execution's subscriber), null when unknown. */
export interface Payer {
  address: string | null;
  txHash: string;
}

/** The payment.confirmed subStatus a payer check sets (the payee did receive the money). */
export type PayerCheckSubStatus = 'payer_not_allowed' | 'payer_screening_rejected' | 'payer_screening_unavailable';

/**
 * Settlement's payer check, for a request just paid, in its transaction: every secure payment
 * over it whose access policy restricts the payer (allowlist, KYT) judges each paying wallet. A
 * wallet outside the allowlist is recorded on the payment (then compliance_failed instead of
 * completed) with secure_payment.access_rejected; KYT screens each paying wallet once (recorded
 * with kyt.screening.completed, as on the page) and a rejection is recorded the same way (no
 * access_rejected: the spec keeps that event out of KYT decisions). Answers the subStatus for
 * payment.confirmed, or undefined when every payer passed.
 */
export class PayerChecks {
  constructor(private readonly kyt: KytProvider) {}

  async check(m: EntityManager, request: RequestEntity, payers: Payer[]): Promise<PayerCheckSubStatus | undefined> {
    const repo = new SecurePaymentsRepository(m);
    let subStatus: PayerCheckSubStatus | undefined;
    for (const payment of await repo.restrictingPayerOf(request.id)) {
      const clientId = await new ClientIdsRepository(m).publicClientId(payment.clientIdId);
      for (const payer of payers) {
        const wallet = payer.address === null ? null : canonicalPayerWallet(payer.address);
        const screening =
          payment.accessPolicy.screening !== 'kyt_all_wallets'
            ? undefined
            : wallet === null
              ? 'unavailable'
              : await this.screen(m, repo, payment, wallet, clientId);
        const verdict = payerVerdict(payment.accessPolicy.allowedPayerAddresses, wallet, screening);
        if (verdict.status === 'unscreened') subStatus ??= 'payer_screening_unavailable';
        if (verdict.status !== 'refused') continue;
        if (subStatus === undefined || subStatus === 'payer_screening_unavailable') subStatus = verdict.reason;
        if (payment.payerViolation) continue;
        const at = new Date().toISOString();
        await repo.recordPayerViolation(payment, { reason: verdict.reason, payerAddress: wallet, txHash: payer.txHash, at });
        if (verdict.reason === 'payer_not_allowed' && wallet !== null)
          await appendToOutbox(m, [accessRejected(payment, request.id, clientId, wallet, at)]);
      }
    }
    return subStatus;
  }

  /** A definitive result is kept on the payment (with its event); a provider error is `unavailable` and retried next time. */
  private async screen(
    m: EntityManager,
    repo: SecurePaymentsRepository,
    payment: SecurePaymentEntity,
    wallet: string,
    clientId: string | null,
  ): Promise<'approved' | 'rejected' | 'unavailable'> {
    const known = payment.screenings[wallet];
    if (known) return known.status;
    const result = await this.kyt.screen(wallet);
    if (result.status === 'error') return 'unavailable';
    const at = new Date().toISOString();
    await repo.recordScreening(payment, wallet, { status: result.status, provider: result.provider, policyId: result.policyId, at });
    const event = webhookEvent(
      'kyt.screening.completed',
      { aggregateType: 'secure_payment', aggregateId: payment.token },
      {
        paymentToken: payment.token,
        clientId,
        orchestratorId: payment.orchestratorId,
        walletAddress: wallet,
        eoaAddress: wallet,
        smartAccountAddress: null,
        status: result.status,
        provider: result.provider,
        policyId: result.policyId,
        timestamp: at,
      },
      { platformId: payment.platformId },
    );
    await appendToOutbox(m, [event]);
    return result.status;
  }
}

function accessRejected(payment: SecurePaymentEntity, requestId: string, clientId: string | null, wallet: string, at: string): DomainEvent {
  return webhookEvent(
    'secure_payment.access_rejected',
    { aggregateType: 'secure_payment', aggregateId: payment.token },
    { requestId, clientId, orchestratorId: payment.orchestratorId, attemptedPayerWalletAddress: wallet, timestamp: at },
    { platformId: payment.platformId },
  );
}
