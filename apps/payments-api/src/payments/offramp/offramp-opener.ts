import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { isCompliant, PayrailError, type OfframpProvider } from '@payrail/domain';
import { OfframpsRepository, PayersRepository, PaymentDetailsRepository, type RequestEntity } from '@payrail/persistence';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { OFFRAMP_PROVIDER } from './offramp.tokens.js';

const invalid = (field: string, message: string) =>
  new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field, message }] });

/** What GET /v2/request/{id}/pay names to pay a request through an off-ramp. */
export interface OfframpChoice {
  clientUserId?: string;
  paymentDetailsId?: string;
}

/**
 * Opens (or finds again) the off-ramp a crypto-to-fiat request is paid through, for GET
 * /v2/request/{id}/pay with `clientUserId` + `paymentDetailsId`: the request must allow
 * crypto-to-fiat and be paid in a token, the payer must be the platform's and compliant (KYC and
 * agreement), the details the payer's and approved. One off-ramp per request: asking again with
 * the same details answers the same deposit address (the provider's call is idempotent on the
 * request id), other details are a 409. Returns the address the payment goes to.
 */
@Injectable()
export class OfframpOpener {
  constructor(
    private readonly db: DataSource,
    @Inject(OFFRAMP_PROVIDER) private readonly provider: OfframpProvider,
  ) {}

  async depositAddressFor(request: RequestEntity, choice: OfframpChoice): Promise<string> {
    const { clientUserId, paymentDetailsId } = choice;
    if (clientUserId === undefined) throw invalid('clientUserId', 'clientUserId is required with paymentDetailsId (the compliant payer)');
    if (paymentDetailsId === undefined)
      throw invalid('paymentDetailsId', 'paymentDetailsId is required with clientUserId (the payee bank account to pay out to)');
    if (!request.isCryptoToFiatAvailable) {
      throw invalid('paymentDetailsId', 'paymentDetailsId: the request was not created with isCryptoToFiatAvailable: true');
    }
    if (request.currencyAddress === null) {
      throw invalid('paymentDetailsId', 'paymentDetailsId: crypto-to-fiat needs a request paid in a token (USDC), not a native currency');
    }
    const payer = await new PayersRepository(this.db.manager).byClientUserId(request.platformId, clientUserId);
    if (!payer) throw new PayrailError('NOT_FOUND', `Payer with client user ID ${clientUserId} not found`);
    if (!isCompliant(payer)) {
      throw new PayrailError(
        'FORBIDDEN',
        `Payer ${clientUserId} is not compliant: KYC and the agreement must be completed before a crypto-to-fiat payment`,
      );
    }
    const [details] = isUUID(paymentDetailsId)
      ? await new PaymentDetailsRepository(this.db.manager).ofPayer(request.platformId, payer.id, paymentDetailsId)
      : [];
    if (!details) throw new PayrailError('NOT_FOUND', `Payment details ${paymentDetailsId} not found for payer ${clientUserId}`);
    if (details.status !== 'approved') {
      throw new PayrailError(
        'CONFLICT',
        `Payment details ${paymentDetailsId} are ${details.status}: only approved details can be paid out to`,
      );
    }
    const existing = await new OfframpsRepository(this.db.manager).byRequest(request.platformId, request.id);
    if (existing) return this.same(existing, details.id);
    const opened = await this.provider.openOfframp({
      requestId: request.id,
      paymentReference: request.paymentReference,
      payerId: payer.id,
      paymentDetailsRef: details.providerRef,
      network: request.network,
      currency: request.paymentCurrency,
      tokenAddress: request.currencyAddress,
      amount: request.expectedAmount - request.amountPaid,
    });
    // A concurrent first call for the same request inserts nothing here and answers the winner's row.
    await new OfframpsRepository(this.db.manager).insertIfAbsent({
      id: randomUUID(),
      platformId: request.platformId,
      requestId: request.id,
      paymentDetailsId: details.id,
      provider: this.provider.name,
      offrampId: opened.offrampId,
      depositAddress: opened.depositAddress,
    });
    const row = await new OfframpsRepository(this.db.manager).byRequest(request.platformId, request.id);
    if (!row) throw new Error(`off-ramp of request ${request.id} vanished after its insert`);
    return this.same(row, details.id);
  }

  private same(offramp: { paymentDetailsId: string; depositAddress: string }, paymentDetailsId: string): string {
    if (offramp.paymentDetailsId !== paymentDetailsId) {
      throw new PayrailError(
        'CONFLICT',
        `The request is already paid through an off-ramp to payment details ${offramp.paymentDetailsId}: one off-ramp per request`,
      );
    }
    return offramp.depositAddress;
  }
}
