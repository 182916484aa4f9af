import { Inject, Injectable } from '@nestjs/common';
import {
  type Currency,
  CurrencyRegistry,
  detectAddressKind,
  isRateError,
  type NetworkInfo,
  type NetworkName,
  parseEvmAddress,
  quoteFiatInToken,
  type RateSource,
} from '@payrail/chains';
import { baseUnitsRefusal, feeAmount, parseAmount } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';
import { PAYOUT_NETWORKS, RATE_SOURCE } from '../payments.tokens.js';
import { fieldOf, invalidField } from './invalid.js';
import type { FeeTerms, PaymentTerms, PlannedPayment } from './planned-payment.js';

/**
 * Resolves a payout's terms: currencies from the registry, the payee and fee address on the
 * payment network, the amount in base units (a fiat invoice converted at the current rate,
 * rounded up in the payee's favour), the fee on top and the fee proxy to pay through.
 * Every refusal is a 400 naming its field (prefixed for batch items: `requests.1.payee`).
 */
@Injectable()
export class PaymentPlanner {
  constructor(
    private readonly registry: CurrencyRegistry,
    @Inject(RATE_SOURCE) private readonly rates: RateSource,
    @Inject(PAYOUT_NETWORKS) private readonly networks: Readonly<Record<NetworkName, NetworkInfo>>,
  ) {}

  async plan(terms: PaymentTerms, fee: FeeTerms, prefix = ''): Promise<PlannedPayment> {
    const field = (name: string) => fieldOf(prefix, name);
    const currency = this.currency(terms.paymentCurrency, field('paymentCurrency'));
    if (currency.network === 'fiat')
      throw invalidField(field('paymentCurrency'), 'paymentCurrency must be a token or native currency of a network');
    const invoice = this.currency(terms.invoiceCurrency, field('invoiceCurrency'));
    if (invoice.type !== 'ISO4217' && invoice.id !== currency.id) {
      throw invalidField(
        field('invoiceCurrency'),
        'invoiceCurrency must be the payment currency or a fiat currency (converted at the current rate)',
      );
    }
    const invoiceUnits = parseAmount(terms.amount, invoice.decimals);
    if (!invoiceUnits.ok) throw invalidField(field('amount'), `amount ${invoiceUnits.reason}`);

    const network = this.networks[currency.network];
    const payee = this.addressOn(network, terms.payee, field('payee'));
    const amount =
      invoice.id === currency.id ? invoiceUnits.units : await this.convert(invoice, terms.amount, currency, field('paymentCurrency'));
    if (amount === 0n) throw invalidField(field('amount'), 'amount converts to 0 base units of the payment currency');
    const refusal = baseUnitsRefusal(amount);
    if (refusal) throw invalidField(field('amount'), `amount ${refusal}`);
    const token = currency.type === 'ETH' ? null : currency.address;
    const proxy = token === null ? network.contracts.EthereumFeeProxy : network.contracts.ERC20FeeProxy;
    if (!proxy) throw invalidField(field('paymentCurrency'), `payments in ${currency.id} are not available on ${network.name}`);
    const feeAddress = fee.address === null ? null : this.addressOn(network, fee.address, 'feeAddress');
    const fees = fee.percentage === null ? 0n : feeAmount(amount, fee.percentage);
    if (fees > 0n && feeAddress === null) throw invalidField('feeAddress', 'feeAddress is required when a fee is set');
    return {
      network,
      payee,
      invoice,
      invoiceUnits: invoiceUnits.units,
      currency,
      token,
      amount,
      fee: { percentage: fee.percentage, amount: fees, address: feeAddress },
      proxy,
    };
  }

  /**
   * An amount of a payment currency without a payee (the fee preview's input): the currency and
   * its network, the amount in base units. 400s name `currency` and `amount`.
   */
  gross(currencyId: string, amount: string): Pick<PlannedPayment, 'network' | 'currency' | 'amount'> {
    const currency = this.currency(currencyId, 'currency');
    if (currency.network === 'fiat') throw invalidField('currency', 'currency must be a token or native currency of a network');
    const units = parseAmount(amount, currency.decimals);
    if (!units.ok) throw invalidField('amount', `amount ${units.reason}`);
    if (units.units === 0n) throw invalidField('amount', 'amount must be more than 0');
    return { network: this.networks[currency.network], currency, amount: units.units };
  }

  /** The plan a stored request was created with (to pay pending requests together). */
  fromRecord(record: RequestEntity): PlannedPayment {
    const currency = this.registry.byId(record.paymentCurrency);
    const invoice = this.registry.byId(record.invoiceCurrency);
    if (!currency || !invoice) throw new Error(`request ${record.id} names a currency the registry no longer has`);
    return {
      network: this.networks[record.network as NetworkName],
      payee: record.payee,
      invoice,
      invoiceUnits: record.invoiceAmount,
      currency,
      token: record.currencyAddress,
      amount: record.expectedAmount,
      fee: { percentage: record.feePercentage, amount: record.feeAmount, address: record.feeAddress },
      proxy: record.proxyAddress,
    };
  }

  private currency(id: string, field: string): Currency {
    const currency = this.registry.byId(id);
    if (!currency) throw invalidField(field, `${field} "${id}" is not a known currency id (see GET /v2/currencies)`);
    return currency;
  }

  /** The address in its canonical form, if it is of the network's kind (EVM hex or Tron base58). */
  private addressOn(network: NetworkInfo, address: string, field: string): string {
    const kind = detectAddressKind(address);
    if (kind !== network.kind) {
      const expected = network.kind === 'evm' ? 'an EVM address (0x...)' : 'a Tron address (T...)';
      throw invalidField(field, `${field} must be ${expected} to be paid on ${network.name}`);
    }
    return kind === 'evm' ? parseEvmAddress(address)! : address;
  }

  private async convert(invoice: Currency, amount: string, currency: Currency, field: string): Promise<bigint> {
    try {
      return await quoteFiatInToken(this.rates, invoice, amount, currency);
    } catch (error) {
      if (isRateError(error, 'NO_FEED')) {
        throw invalidField(
          field,
          `No conversion from ${invoice.id} to ${currency.id}: ${error.message} (see GET /v2/currencies/${invoice.id}/conversion-routes)`,
        );
      }
      throw error;
    }
  }
}
