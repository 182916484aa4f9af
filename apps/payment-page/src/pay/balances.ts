import type { PaymentOption, PaymentOptions, PaymentRecord } from '../api';

/** The record's paymentOptions for the wallet it was read for (a multicall's is always empty). */
export function optionsOf(record: PaymentRecord): PaymentOptions | undefined {
  return 'paymentOptions' in record ? record.paymentOptions : undefined;
}

export interface OtherBalance {
  chain: string;
  token: string;
  balance: string;
}

/**
 * What the balance notes say: the wallet's option for the payment's own network and token (else
 * the network's first token), and its readable balances on the other networks, as information.
 */
export function balancesOf(
  options: PaymentOptions | undefined,
  network: string,
  symbol: string,
): { chain: string; own: PaymentOption | undefined; others: OtherBalance[] } {
  const chain = network.toUpperCase();
  const tokens = options?.[chain] ?? {};
  const own = tokens[symbol] ?? Object.values(tokens)[0];
  const others = Object.entries(options ?? {})
    .filter(([c]) => c !== chain)
    .flatMap(([c, byToken]) =>
      Object.entries(byToken).flatMap(([token, o]) => (o.balance === null ? [] : [{ chain: c, token, balance: o.balance }])),
    );
  return { chain, own, others };
}
