import { Inject, Injectable } from '@nestjs/common';
import { canonicalPayerWallet, webhookEvent } from '@payrail/domain';
import {
  appendToOutbox,
  ClientIdsRepository,
  SecurePaymentsRepository,
  type SecurePaymentEntity,
  type StoredScreening,
} from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { KYT_PROVIDER, type KytProvider } from './kyt-provider.js';

export interface ScreenedWallets {
  /** The wallet screened: the funds holder (eoaWallet, else wallet). */
  wallet: string;
  eoaWallet?: string;
  smartAccount: string | null;
}

export type ScreeningOutcome = 'approved' | 'rejected' | 'unavailable';

/**
 * KYT for a payment with screening `kyt_all_wallets`, on a read by a wallet that proved control:
 * screens it once (a definitive result is kept on the payment) and writes kyt.screening.completed
 * for approved or rejected (never for provider errors), in one transaction. A read never moves
 * the payment to a final status: a rejected wallet is refused for itself only, and the payment
 * becomes compliance_failed only when such a wallet actually pays (settlement, chain-worker).
 */
@Injectable()
export class ScreenPayer {
  constructor(
    private readonly db: DataSource,
    @Inject(KYT_PROVIDER) private readonly provider: KytProvider,
  ) {}

  async execute(payment: SecurePaymentEntity, wallets: ScreenedWallets): Promise<ScreeningOutcome> {
    const wallet = canonicalPayerWallet(wallets.wallet);
    const known = payment.screenings[wallet];
    if (known) return known.status;
    const result = await this.provider.screen(wallet);
    if (result.status === 'error') return 'unavailable';
    const screening: StoredScreening = {
      status: result.status,
      provider: result.provider,
      policyId: result.policyId,
      at: new Date().toISOString(),
    };
    await this.db.transaction(async (m) => {
      const repo = new SecurePaymentsRepository(m);
      const locked = await repo.forOwner({ platformId: payment.platformId }, payment.token);
      if (!locked || locked.screenings[wallet]) return;
      await repo.recordScreening(locked, wallet, screening);
      const event = webhookEvent(
        'kyt.screening.completed',
        { aggregateType: 'secure_payment', aggregateId: payment.token },
        {
          paymentToken: payment.token,
          clientId: await new ClientIdsRepository(m).publicClientId(payment.clientIdId),
          orchestratorId: payment.orchestratorId,
          walletAddress: wallet,
          eoaAddress: canonicalPayerWallet(wallets.eoaWallet ?? wallets.wallet),
          smartAccountAddress: wallets.smartAccount && canonicalPayerWallet(wallets.smartAccount),
          status: result.status,
          provider: result.provider,
          policyId: result.policyId,
          timestamp: screening.at,
        },
        { platformId: payment.platformId },
      );
      await appendToOutbox(m, [event]);
    });
    return result.status;
  }
}
