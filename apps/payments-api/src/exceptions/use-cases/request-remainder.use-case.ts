import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_SECURE_PAYMENT_EXPIRY_SECONDS,
  exceptionView,
  formatAmount,
  newUlid,
  PayrailError,
  type PaymentExceptionRecord,
  remainderRefusal,
} from '@payrail/domain';
import {
  ClientIdsRepository,
  CredentialsRepository,
  newRequestRow,
  PaymentExceptionsRepository,
  RequestEntity,
  RequestsRepository,
  SecurePaymentsRepository,
  type NewRequest,
  type NewSecurePayment,
} from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { idempotencyScope } from '../../payments/idempotency/credential-scope.js';
import { IdempotencyService, type Outcome } from '../../payments/idempotency/idempotency.service.js';
import { pageUrlOf } from '../../payments/page-url.js';
import { SECURE_PAYMENT_PAGE_URL } from '../../payments/payments.tokens.js';
import type { RemainderRequestedDto } from '../dto/exception.dto.js';
import { inTransaction, ownedException, platformOf, refuseWhileRefunding } from './exception-transaction.js';

/**
 * POST /v2/exceptions/{id}/request-remainder: a new secure payment link for what an underpaid
 * request is missing, on the same hosted page. Its request has the original's network, payee,
 * token and proxy, the missing amount (expected - received) at the original's rate, no fee (the
 * original's fee plan covered the whole amount), and `originalRequestId` naming the original; the
 * link copies the original link's settings (redirect, branding, access policy) with a fresh
 * expiry. The exception waits as `remainder_requested`; when the remainder is paid, settlement
 * resolves it (`remainder_paid`) and the original request ends paid. Only an open underpaid
 * exception (409 otherwise). Idempotency-Key replays the first answer (the same link).
 */
@Injectable()
export class RequestRemainder {
  constructor(
    private readonly db: DataSource,
    private readonly idempotency: IdempotencyService,
    @Inject(SECURE_PAYMENT_PAGE_URL) private readonly pageUrl: string,
  ) {}

  async execute(command: { caller: Caller; id: string; idempotencyKey?: string }): Promise<Outcome<RemainderRequestedDto>> {
    const platformId = platformOf(command.caller);
    return this.idempotency.run(
      {
        scope: idempotencyScope(command.caller),
        key: command.idempotencyKey,
        route: `POST /v2/exceptions/${command.id}/request-remainder`,
        body: {},
      },
      async () => {
        const current = await ownedException(this.db.manager, platformId, command.id, false);
        refuse(current);
        await refuseWhileRefunding(this.db.manager, current);
        const original = await this.db.manager.findOneByOrFail(RequestEntity, { id: current.requestId, platformId });
        const link = await new SecurePaymentsRepository(this.db.manager).singleOver(original.id);
        const missing = original.expectedAmount - original.amountPaid;
        if (missing <= 0n) throw new PayrailError('CONFLICT', 'The request is no longer short: nothing remains to be paid');
        const record = remainderRequest(original, missing);
        const token = newUlid();
        const clientId = link?.clientIdId
          ? await new ClientIdsRepository(this.db.manager).publicClientId(link.clientIdId)
          : ((await new CredentialsRepository(this.db.manager).oldestActiveClientIdOf(platformId))?.clientId ?? null);
        const url = pageUrlOf(this.pageUrl, token);
        const waiting: PaymentExceptionRecord = {
          ...current,
          status: 'remainder_requested',
          remainderRequestId: record.id,
          remainderToken: token,
        };
        const payment: NewSecurePayment = {
          token,
          paymentType: 'single',
          parentToken: null,
          platformId,
          clientIdId: link?.clientIdId ?? original.clientIdId,
          orchestratorId: link?.orchestratorId ?? original.orchestratorId,
          requestIds: [record.id],
          reference: original.reference,
          redirectUrl: link?.redirectUrl ?? null,
          redirectLabel: link?.redirectLabel ?? null,
          branding: link?.branding ?? null,
          accessPolicy: link?.accessPolicy ?? { allowedPayerAddresses: [], screening: 'off', hidePayeeAddress: false },
          destination: link?.destination ?? null,
          feePlan: null,
          expiresAt: new Date(Date.now() + DEFAULT_SECURE_PAYMENT_EXPIRY_SECONDS * 1000),
        };
        return {
          response: {
            exception: exceptionView(waiting),
            remainder: {
              token,
              securePaymentUrl: clientId ? `${url}?clientId=${encodeURIComponent(clientId)}` : url,
              requestId: record.id,
              amount: formatAmount(missing, original.currencyDecimals),
              paymentCurrency: original.paymentCurrency,
            },
          },
          persist: (manager) => inTransaction(manager, (m) => this.persist(m, platformId, command.id, record, payment)),
        };
      },
    );
  }

  private async persist(m: EntityManager, platformId: string, id: string, record: NewRequest, payment: NewSecurePayment): Promise<void> {
    const e = await ownedException(m, platformId, id, true);
    refuse(e); // requested meanwhile by another call: 409, and no second link
    await refuseWhileRefunding(m, e);
    await new RequestsRepository(m).insert([record]);
    await new SecurePaymentsRepository(m).insert(payment);
    Object.assign(e, { status: 'remainder_requested', remainderRequestId: record.id, remainderToken: payment.token });
    await new PaymentExceptionsRepository(m).update(e);
  }
}

function refuse(e: PaymentExceptionRecord): void {
  const refusal = remainderRefusal(e.kind, e.status);
  if (refusal) throw new PayrailError('CONFLICT', refusal);
}

/** The remainder's request: the original's terms for the missing amount, at the original's rate, without a fee. */
function remainderRequest(original: RequestEntity, missing: bigint): NewRequest {
  const invoiceMissing = original.expectedAmount > 0n ? (missing * original.invoiceAmount) / original.expectedAmount : 0n;
  const inInvoice = invoiceMissing > 0n;
  return {
    ...newRequestRow({
      platformId: original.platformId,
      clientIdId: original.clientIdId,
      orchestratorId: original.orchestratorId,
      batchId: null,
      network: original.network,
      payee: original.payee,
      payer: null,
      invoiceCurrency: inInvoice ? original.invoiceCurrency : original.paymentCurrency,
      invoiceAmount: inInvoice ? invoiceMissing : missing,
      invoiceDecimals: inInvoice ? original.invoiceDecimals : original.currencyDecimals,
      paymentCurrency: original.paymentCurrency,
      currencyAddress: original.currencyAddress,
      currencyDecimals: original.currencyDecimals,
      proxyAddress: original.proxyAddress,
      expectedAmount: missing,
      feePercentage: null,
      feeAmount: 0n,
      feeAddress: null,
      reference: original.reference,
    }),
    originalRequestId: original.id,
    originalRequestPaymentReference: original.paymentReference,
  };
}
