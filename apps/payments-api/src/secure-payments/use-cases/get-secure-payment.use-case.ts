import { Injectable } from '@nestjs/common';
import { detectAddressKind, isSecurePaymentChain } from '@payrail/chains';
import {
  canonicalPayerWallet,
  effectiveStatus,
  isFinalStatus,
  isSourceToken,
  payerAllowed,
  PayrailError,
  securePaymentQueryErrors,
  webhookEvent,
  type SecurePaymentQuery,
} from '@payrail/domain';
import { appendToOutbox, RequestsRepository, SecurePaymentsRepository, type SecurePaymentEntity } from '@payrail/persistence';
import type { ClientIdCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { pageReaderOf } from '../creator.js';
import { ScreenPayer } from '../kyt/screen-payer.js';
import { PaymentOptionsReader } from '../options/payment-options.reader.js';
import type { SourceFilter } from '../options/option-plan.js';
import { feeApplies } from '../views/fee-plan.js';
import { singlePaymentView, type AccessDecision, type SinglePaymentView } from '../views/single-view.js';
import { UsdRates, type RequestUsdRates } from '../views/usd-rates.js';
import { publicClientIdOf } from './payment-identity.js';

const notFound = () => new PayrailError('NOT_FOUND', 'Secure payment not found');

/**
 * GET /v2/secure-payments/{token}: the single record for the hosted page (x-client-id + Origin).
 * Another Client ID's payment is 404. An open payment past its expiry is moved to `expired`
 * (with its event) when read. A wallet (wallet or eoaWallet) outside the allowlist gets 403 and
 * emits secure_payment.access_rejected (the dispatcher suppresses repeats).
 */
@Injectable()
export class GetSecurePayment {
  constructor(
    private readonly db: DataSource,
    private readonly screen: ScreenPayer,
    private readonly options: PaymentOptionsReader,
    private readonly usdRates: UsdRates,
  ) {}

  async execute(command: { caller: ClientIdCaller; token: string; query: SecurePaymentQuery }): Promise<SinglePaymentView> {
    const reader = pageReaderOf(command.caller);
    const errors = securePaymentQueryErrors(command.query, (value) => detectAddressKind(value) !== undefined);
    if (errors.length > 0)
      throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${errors.map((e) => e.message).join('; ')}`, { fields: errors });
    const payment = await this.expireIfDue(reader, command.token);
    if (payment.paymentType !== 'single') throw notFound();
    const wallet = command.query.eoaWallet ?? command.query.wallet;
    const allowed = this.decide(payment, wallet);
    if (!allowed) {
      await this.rejectAccess(payment, wallet!);
      throw new PayrailError('FORBIDDEN', 'This wallet is not allowed to pay this secure payment');
    }
    const decision = await this.screened(payment, allowed, command.query);
    const [request] = await new RequestsRepository(this.db.manager).byIds(
      { platformId: payment.platformId },
      payment.requestIds.slice(0, 1),
    );
    if (!request) throw notFound();
    const masked = payment.accessPolicy.hidePayeeAddress && decision.status !== 'approved';
    // The fee plan's USD values need the payment currency's rate (nothing to price without a fee);
    // read beside the payment options, each within the page deadline.
    const noFee: RequestUsdRates = { rates: new Map() };
    const [rates, paymentOptions] = await Promise.all([
      feeApplies(request) ? this.usdRates.of([request]) : noFee,
      wallet === undefined || isFinalStatus(payment.status) ? undefined : this.options.read(request, wallet, sourceFilterOf(command.query)),
    ]);
    const view = singlePaymentView(payment, request, payment.status, { masked, decision }, rates);
    return paymentOptions ? { ...view, paymentOptions } : view;
  }

  /** The payment as this reader may see it, moved to `expired` (with its event) when its time is up. */
  private async expireIfDue(reader: { platformId: string; clientIdId: string }, token: string): Promise<SecurePaymentEntity> {
    const found = await new SecurePaymentsRepository(this.db.manager).forReader(reader, token);
    if (!found) throw notFound();
    const now = new Date();
    if (effectiveStatus(found.status, found.expiresAt, now) !== 'expired' || found.status === 'expired') return found;
    return this.db.transaction(async (m) => {
      const repo = new SecurePaymentsRepository(m);
      const locked = await repo.forReader(reader, token, true);
      if (!locked) throw notFound();
      if (effectiveStatus(locked.status, locked.expiresAt, now) === 'expired') await repo.transition(locked, 'expired', 'expired', now);
      return locked;
    });
  }

  /** Undefined when the presented wallet is outside the allowlist. */
  private decide(payment: SecurePaymentEntity, wallet: string | undefined): AccessDecision | undefined {
    const allowlist = payment.accessPolicy.allowedPayerAddresses;
    if (wallet === undefined) return { status: 'not_evaluated', walletAddress: null, reason: 'no_wallet' };
    if (!payerAllowed(allowlist, wallet)) return undefined;
    return { status: 'approved', walletAddress: canonicalPayerWallet(wallet), reason: allowlist.length > 0 ? 'allowlisted' : 'no_policy' };
  }

  /** With screening on, an allowed wallet is approved only once KYT approves it (open payments only). */
  private async screened(payment: SecurePaymentEntity, allowed: AccessDecision, query: SecurePaymentQuery): Promise<AccessDecision> {
    if (allowed.walletAddress === null || payment.accessPolicy.screening !== 'kyt_all_wallets' || isFinalStatus(payment.status))
      return allowed;
    const outcome = await this.screen.execute(payment, {
      wallet: query.eoaWallet ?? query.wallet!,
      eoaWallet: query.eoaWallet,
      smartAccount: query.isSafe === 'true' ? (query.wallet ?? null) : null,
    });
    if (outcome === 'approved') return { ...allowed, reason: 'screened' };
    if (outcome === 'rejected') return { status: 'rejected', walletAddress: allowed.walletAddress, reason: 'screening_rejected' };
    return { status: 'not_evaluated', walletAddress: allowed.walletAddress, reason: 'screening_unavailable' };
  }

  private async rejectAccess(payment: SecurePaymentEntity, wallet: string): Promise<void> {
    await this.db.transaction(async (m) => {
      const event = webhookEvent(
        'secure_payment.access_rejected',
        { aggregateType: 'secure_payment', aggregateId: payment.token },
        {
          requestId: payment.requestIds[0],
          clientId: await publicClientIdOf(m, payment),
          orchestratorId: payment.orchestratorId,
          attemptedPayerWalletAddress: canonicalPayerWallet(wallet),
          timestamp: new Date().toISOString(),
        },
        { platformId: payment.platformId },
      );
      await appendToOutbox(m, [event]);
    });
  }
}

/** The source the page asked about: `token` with `chain` (both already validated against their enums). */
function sourceFilterOf(query: SecurePaymentQuery): SourceFilter | undefined {
  const { token, chain } = query;
  return isSourceToken(token) && isSecurePaymentChain(chain) ? { chain, token } : undefined;
}
