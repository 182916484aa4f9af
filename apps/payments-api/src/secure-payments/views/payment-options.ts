import { Injectable } from '@nestjs/common';
import { CurrencyRegistry, SECURE_PAYMENT_CHAINS } from '@payrail/chains';
import { formatAmount } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';
import { PayerStateReader } from '../../payouts/chain/payer-state.reader.js';

export interface PaymentOption {
  /** Human-readable, in the payment currency. */
  balance: string;
  hasEnoughBalance: boolean;
  /** Amount plus fee, human-readable. */
  neededAmount: string;
}

/** `{CHAIN: {TOKEN: option}}`, as Request Network's hosted page reads it. */
export type PaymentOptions = Record<string, Record<string, PaymentOption>>;

/** The secure-payment chain name of a network (BASE, ...), or the network name upper-cased (SEPOLIA). */
const chainNameOf = (network: string): string =>
  Object.entries(SECURE_PAYMENT_CHAINS).find(([, n]) => n === network)?.[0] ?? network.toUpperCase();

/**
 * The `paymentOptions` of a secure payment for the wallet holding the funds: its balance of the
 * payment currency on the payment's network against what the payment needs, read in ONE JSON-RPC
 * round trip (the payouts' batched reader). Undefined where nothing can be read (Tron, or no RPC).
 */
@Injectable()
export class PaymentOptionsReader {
  constructor(
    private readonly reader: PayerStateReader,
    private readonly currencies: CurrencyRegistry,
  ) {}

  async read(request: RequestEntity, holder: string): Promise<PaymentOptions | undefined> {
    if (!holder.startsWith('0x')) return undefined;
    const token = request.currencyAddress;
    const state = await this.reader.read({
      network: request.network,
      payer: holder,
      tokens: token ? [{ token, spender: request.proxyAddress }] : [],
      estimates: [],
    });
    if (!state) return undefined;
    const balance = token ? (state.tokens[0]?.balance ?? 0n) : state.nativeBalance;
    const needed = request.expectedAmount + request.feeAmount;
    const symbol = this.currencies.byId(request.paymentCurrency)?.symbol ?? request.paymentCurrency;
    const units = (v: bigint) => formatAmount(v, request.currencyDecimals);
    return {
      [chainNameOf(request.network)]: {
        [symbol]: { balance: units(balance), hasEnoughBalance: balance >= needed, neededAmount: units(needed) },
      },
    };
  }
}
