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
import { type ClientIdCaller, provenWallet } from '@payrail/platform';
import type { WalletProof } from '@payrail/permits';
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
const outsideAllowlist = () => new PayrailError('FORBIDDEN', 'This wallet is not allowed to pay this secure payment');

/** Whether the payment restricts or hides anything (then a self-declared wallet decides nothing). */
const hasPolicy = (payment: SecurePaymentEntity): boolean =>
  payment.accessPolicy.allowedPayerAddresses.length > 0 ||
  payment.accessPolicy.screening === 'kyt_all_wallets' ||
  payment.accessPolicy.hidePayeeAddress;

/** A wallet that signed a fresh proof for this payment, inside the allowlist (or there is none). */
function provenDecision(payment: SecurePaymentEntity, proven: string): AccessDecision {
  const allowlisted = payment.accessPolicy.allowedPayerAddresses.length > 0;
  return { status: 'approved', walletAddress: canonicalPayerWallet(proven), reason: allowlisted ? 'allowlisted' : 'no_policy' };
}

/** A wallet only named in the query: approved where nothing is restricted, otherwise not evaluated until it proves control. */
function declaredDecision(payment: SecurePaymentEntity, declared: string | undefined): AccessDecision {
  if (declared === undefined) return { status: 'not_evaluated', walletAddress: null, reason: 'no_wallet' };
  const walletAddress = canonicalPayerWallet(declared);
  return hasPolicy(payment)
    ? { status: 'not_evaluated', walletAddress, reason: 'wallet_not_proven' }
    : { status: 'approved', walletAddress, reason: 'no_policy' };
}

/**
 * GET /v2/secure-payments/{token}: the single record for the hosted page (x-client-id + Origin).
 * Another Client ID's payment is 404. An open payment past its expiry is moved to `expired`
 * (with its event) when read. Access decisions (allowlist, KYT, unmasking the payee) are about
 * the wallet that proved control (x-wallet-proof over `view-secure-payment` and the token); a
 * proven wallet outside the allowlist gets 403 and emits secure_payment.access_rejected (the
 * dispatcher suppresses repeats). A self-declared `wallet` / `eoaWallet` only selects balances
 * and approvals: outside the allowlist it is 403 without an event, and it never unmasks, screens
 * or changes the payment.
 */
@Injectable()
export class GetSecurePayment {
  constructor(
    private readonly db: DataSource,
    private readonly screen: ScreenPayer,
    private readonly options: PaymentOptionsReader,
    private readonly usdRates: UsdRates,
  ) {}

  async execute(command: {
    caller: ClientIdCaller;
    token: string;
    query: SecurePaymentQuery;
    proof?: WalletProof;
  }): Promise<SinglePaymentView> {
    const reader = pageReaderOf(command.caller);
    const errors = securePaymentQueryErrors(command.query, (value) => detectAddressKind(value) !== undefined);
    if (errors.length > 0)
      throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${errors.map((e) => e.message).join('; ')}`, { fields: errors });
    const proven = command.proof ? provenWallet('view-secure-payment', command.token, command.proof) : undefined;
    const payment = await this.expireIfDue(reader, command.token);
    if (payment.paymentType !== 'single') throw notFound();
    // `wallet` / `eoaWallet` only say whose balances and approvals to read: anyone can type them.
    const declared = command.query.eoaWallet ?? command.query.wallet;
    const allowlist = payment.accessPolicy.allowedPayerAddresses;
    if (proven !== undefined && !payerAllowed(allowlist, proven)) {
      await this.rejectAccess(payment, proven);
      throw outsideAllowlist();
    }
    if (declared !== undefined && !payerAllowed(allowlist, declared)) throw outsideAllowlist();
    const decision = proven
      ? await this.screened(payment, provenDecision(payment, proven), proven, command.query)
      : declaredDecision(payment, declared);
    const [request] = await new RequestsRepository(this.db.manager).byIds(
      { platformId: payment.platformId },
      payment.requestIds.slice(0, 1),
    );
    if (!request) throw notFound();
    const masked = payment.accessPolicy.hidePayeeAddress && !(proven !== undefined && decision.status === 'approved');
    // The fee plan's USD values need the payment currency's rate (nothing to price without a fee);
    // read beside the payment options, each within the page deadline.
    const noFee: RequestUsdRates = { rates: new Map() };
    const [rates, paymentOptions] = await Promise.all([
      feeApplies(request) ? this.usdRates.of([request]) : noFee,
      declared === undefined || isFinalStatus(payment.status)
        ? undefined
        : this.options.read(request, declared, sourceFilterOf(command.query)),
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
      if (effectiveStatus(locked.status, locked.expiresAt, now) === 'expired')
        await appendToOutbox(m, await repo.transition(locked, 'expired', 'expired', now));
      return locked;
    });
  }

  /** With screening on, a proven wallet is approved only once KYT approves it (open payments only). */
  private async screened(
    payment: SecurePaymentEntity,
    allowed: AccessDecision,
    proven: string,
    query: SecurePaymentQuery,
  ): Promise<AccessDecision> {
    if (payment.accessPolicy.screening !== 'kyt_all_wallets' || isFinalStatus(payment.status)) return allowed;
    const outcome = await this.screen.execute(payment, {
      wallet: proven,
      eoaWallet: proven,
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
