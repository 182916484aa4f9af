import { Injectable } from '@nestjs/common';
import { CurrencyRegistry } from '@payrail/chains';
import type { Caller } from '@payrail/platform';
import { invalidField } from '../../payments/planning/invalid.js';
import type { PayoutLinkDto } from '../dto/payout-link.dto.js';
import { CreateSecurePayment, type CreatedSecurePayment } from './create-secure-payment.use-case.js';

/**
 * POST /v2/secure-payments/payouts: a single payout link, i.e. a secure payment of `amount`
 * `currency` to `recipient` on `network` (the currency's own network).
 */
@Injectable()
export class CreatePayoutLink {
  constructor(
    private readonly registry: CurrencyRegistry,
    private readonly create: CreateSecurePayment,
  ) {}

  execute({ caller, body }: { caller: Caller; body: PayoutLinkDto }): Promise<CreatedSecurePayment> {
    // creatorWalletAddress is accepted for compatibility and not stored.
    const { recipient, network, currency, amount, reference, redirectUrl, redirectLabel, branding, expiresIn, accessPolicy } = body;
    const link = { redirectUrl, redirectLabel, branding, expiresIn, accessPolicy };
    const known = this.registry.byId(currency);
    if (known && known.network !== network) throw invalidField('network', `network must be ${known.network}, the network of ${currency}`);
    return this.create.execute({
      caller,
      body: { ...link, reference, requests: [{ payee: recipient, amount, invoiceCurrency: currency, paymentCurrency: currency }] },
      flow: 'pay',
    });
  }
}
