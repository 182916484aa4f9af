import { Injectable } from '@nestjs/common';
import { detectAddressKind } from '@payrail/chains';
import {
  canonicalPayerWallet,
  effectiveStatus,
  isFinalStatus,
  payerAllowed,
  PayrailError,
  securePaymentQueryErrors,
  webhookEvent,
  type SecurePaymentQuery,
} from '@payrail/domain';
import { appendToOutbox, ClientIdsRepository, SecurePaymentsRepository, type SecurePaymentEntity } from '@payrail/persistence';
import { type ClientIdCaller, WalletProofLedger } from '@payrail/platform';
import type { WalletProof } from '@payrail/permits';
import { DataSource } from 'typeorm';
import { pageReaderOf } from '../creator.js';
import { ScreenPayer } from '../kyt/screen-payer.js';
import type { AccessDecision } from '../views/single-view.js';

export const securePaymentNotFound = () => new PayrailError('NOT_FOUND', 'Secure payment not found');
const outsideAllowlist = () => new PayrailError('FORBIDDEN', 'This wallet is not allowed to pay this secure payment');

/** What the page's caller may see of a payment: the wallet that proved control, the one named in the query, the decision, masking. */
export interface PageAccessOutcome {
  proven: string | undefined;
  /** `eoaWallet` else `wallet`: whose balances, approvals (and, on the pay route, transactions) are read. */
  declared: string | undefined;
  decision: AccessDecision;
  /** Whether the payee (and fee address) stay masked for this caller. */
  masked: boolean;
}

/** A page request: the Client ID caller, the token, the query and the wallet proof it presented. */
export interface PageCommand {
  caller: ClientIdCaller;
  token: string;
  query: SecurePaymentQuery;
  proof?: WalletProof;
}

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
 * The hosted page's access rules, shared by the record (GET /v2/secure-payments/{token}) and the
 * pay route: the query rules, the Client ID reader (Origin required; another Client ID's payment
 * is 404), expiry recorded on read (single payments), and the wallet decision. Access decisions
 * (allowlist, KYT, unmasking the payee) are about the wallet that proved control (x-wallet-proof
 * over `view-secure-payment` and the token); a proven wallet outside the allowlist gets 403 and
 * emits secure_payment.access_rejected (the dispatcher suppresses repeats). A self-declared
 * `wallet` / `eoaWallet` outside the allowlist is 403 without an event, and it never unmasks,
 * screens or changes the payment.
 */
@Injectable()
export class PageAccess {
  constructor(
    private readonly db: DataSource,
    private readonly screen: ScreenPayer,
    private readonly proofs: WalletProofLedger,
  ) {}

  /**
   * Query rules and proof first (400 / 401), then the payment as this Client ID may read it. A
   * proof is spent on `route`: a replay of it there is 401 (the page's one signature serves the
   * record and then the pay route, once each).
   */
  async load(command: PageCommand, route: 'record' | 'pay'): Promise<{ payment: SecurePaymentEntity; proven: string | undefined }> {
    const reader = pageReaderOf(command.caller);
    const errors = securePaymentQueryErrors(command.query, (value) => detectAddressKind(value) !== undefined);
    if (errors.length > 0)
      throw new PayrailError('VALIDATION_FAILED', `Validation failed: ${errors.map((e) => e.message).join('; ')}`, { fields: errors });
    const proven = command.proof ? await this.proofs.spend('view-secure-payment', command.token, command.proof, route) : undefined;
    return { payment: await this.expireIfDue(reader, command.token), proven };
  }

  /** The decision for the caller's wallets: 403 outside the allowlist, KYT for a proven wallet, masking. */
  async decide(payment: SecurePaymentEntity, proven: string | undefined, query: SecurePaymentQuery): Promise<PageAccessOutcome> {
    // `wallet` / `eoaWallet` only say whose balances and approvals to read: anyone can type them.
    const declared = query.eoaWallet ?? query.wallet;
    const allowlist = payment.accessPolicy.allowedPayerAddresses;
    if (proven !== undefined && !payerAllowed(allowlist, proven)) {
      await this.rejectAccess(payment, proven);
      throw outsideAllowlist();
    }
    if (declared !== undefined && !payerAllowed(allowlist, declared)) throw outsideAllowlist();
    const decision = proven
      ? await this.screened(payment, provenDecision(payment, proven), proven, query)
      : declaredDecision(payment, declared);
    const masked = payment.accessPolicy.hidePayeeAddress && !(proven !== undefined && decision.status === 'approved');
    return { proven, declared, decision, masked };
  }

  /**
   * The payment as this reader may see it. A single payment past its expiry is moved to `expired`
   * (with its event) when read; a multicall computes expiry on read without recording it (the
   * sweeper records it), as its session route does.
   */
  private async expireIfDue(reader: { platformId: string; clientIdId: string }, token: string): Promise<SecurePaymentEntity> {
    const found = await new SecurePaymentsRepository(this.db.manager).forReader(reader, token);
    if (!found) throw securePaymentNotFound();
    const now = new Date();
    if (found.paymentType !== 'single') return found;
    if (effectiveStatus(found.status, found.expiresAt, now) !== 'expired' || found.status === 'expired') return found;
    return this.db.transaction(async (m) => {
      const repo = new SecurePaymentsRepository(m);
      const locked = await repo.forReader(reader, token, true);
      if (!locked) throw securePaymentNotFound();
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
          clientId: await new ClientIdsRepository(m).publicClientId(payment.clientIdId),
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
