import { Inject, Injectable, Logger } from '@nestjs/common';
import { CurrencyRegistry, detectAddressKind, TRON_NETWORK } from '@payrail/chains';
import { formatAmount } from '@payrail/domain';
import { decodeUint256, encodeBalanceOf } from '@payrail/permits';
import type { RequestEntity } from '@payrail/persistence';
import { TIMED_OUT, withDeadline } from '@payrail/platform';
import { PaymentsApiEnv } from '../../config/payments-api.env.js';
import { RpcBatch, type RpcCall } from '../../payments/chain/rpc-batch.js';
import { TronAccounts } from '../../payments/chain/tron-accounts.js';
import { planPaymentOptions, type PlannedOption, type SourceFilter } from './option-plan.js';
import { readTronOptions } from './tron-options.js';

/** Why an option's balance is unknown: its network did not answer in time, failed, or has no RPC configured. */
export type OptionUnavailable = 'rpc_timeout' | 'rpc_error' | 'no_rpc';

export interface PaymentOption {
  /** Human-readable, in this token's decimals; null when unavailable. */
  balance: string | null;
  /** balance >= neededAmount; null when unavailable. */
  hasEnoughBalance: boolean | null;
  /** The payment's amount plus fee in this token, human-readable (rounded up to its decimals). */
  neededAmount: string;
  unavailable?: OptionUnavailable;
}

/** `{CHAIN: {TOKEN: option}}`, as Request Network's hosted page reads it. */
export type PaymentOptions = Record<string, Record<string, PaymentOption>>;

export type NetworkRead = { balances: (bigint | undefined)[] } | { unavailable: OptionUnavailable };

/**
 * The `paymentOptions` of a secure payment for the wallet holding the funds: per chain and token,
 * its balance against what the payment needs (see planPaymentOptions). Each network is read in ONE
 * batched JSON-RPC round trip (native balance + each token's balanceOf), all networks at once, each
 * within PAGE_RPC_TIMEOUT_MS: a network that fails or is late reports its options as
 * `unavailable` and the page is served anyway. Networks without an RPC are left out, unless the
 * page asked for that source (`no_rpc`). A wallet reads the networks of its kind only: a Tron
 * wallet its Tron payment's token through TronGrid (readTronOptions), nothing otherwise.
 * Undefined when there is nothing to report.
 */
@Injectable()
export class PaymentOptionsReader {
  private readonly logger = new Logger('PaymentOptionsReader');

  constructor(
    private readonly rpc: RpcBatch,
    private readonly currencies: CurrencyRegistry,
    private readonly tron: TronAccounts,
    @Inject(PaymentsApiEnv) private readonly env: PaymentsApiEnv,
  ) {}

  async read(request: RequestEntity, holder: string, only?: SourceFilter): Promise<PaymentOptions | undefined> {
    const kind = detectAddressKind(holder);
    if (!kind) return undefined;
    const ofKind = (o: PlannedOption) => (o.network === TRON_NETWORK.name ? 'tron' : 'evm') === kind;
    const planned = planPaymentOptions(request, this.currencies, only).filter(ofKind);
    if (kind === 'tron' && planned.length === 0) return undefined;
    const byNetwork = new Map<string, PlannedOption[]>();
    for (const option of planned) byNetwork.set(option.network, [...(byNetwork.get(option.network) ?? []), option]);
    const reads = await Promise.all(
      [...byNetwork].map(async ([network, options]) => ({ options, read: await this.readNetwork(network, holder, options) })),
    );
    const result: PaymentOptions = {};
    for (const { options, read } of reads) {
      if ('unavailable' in read && read.unavailable === 'no_rpc' && !only) continue;
      options.forEach((option, i) => {
        const chain = (result[option.chain] ??= {});
        chain[option.token] ??= optionOf(option, 'balances' in read ? read.balances[i] : undefined, read);
      });
    }
    return Object.keys(result).length > 0 || only ? result : undefined;
  }

  /** One batch: eth_getBalance (the endpoint probe, and the native balance), then balanceOf per distinct token. */
  private async readNetwork(network: string, holder: string, options: PlannedOption[]): Promise<NetworkRead> {
    if (network === TRON_NETWORK.name) return readTronOptions(this.tron.reader, holder, options, this.env.PAGE_RPC_TIMEOUT_MS, this.logger);
    if (!this.rpc.has(network)) return { unavailable: 'no_rpc' };
    const tokens = [...new Set(options.flatMap((o) => (o.address ? [o.address.toLowerCase()] : [])))];
    const calls: RpcCall[] = [
      { method: 'eth_getBalance', params: [holder, 'latest'] },
      ...tokens.map((token) => ({ method: 'eth_call', params: [{ to: token, data: encodeBalanceOf(holder) }, 'latest'] })),
    ];
    const timeoutMs = this.env.PAGE_RPC_TIMEOUT_MS;
    try {
      const results = await withDeadline(this.rpc.send(network, calls, 1), timeoutMs);
      if (results === TIMED_OUT) {
        this.logger.warn({ network, timeoutMs }, 'payment options: network did not answer in time');
        return { unavailable: 'rpc_timeout' };
      }
      if (!results) return { unavailable: 'no_rpc' };
      const balanceAt = (i: number): bigint | undefined => {
        const r = results[i];
        if (r.status === 'rejected') return undefined;
        try {
          return i === 0 ? BigInt(r.value as string) : decodeUint256(r.value as string);
        } catch {
          return undefined; // no token contract at that address: "0x" does not decode
        }
      };
      return { balances: options.map((o) => balanceAt(o.address ? 1 + tokens.indexOf(o.address.toLowerCase()) : 0)) };
    } catch (error) {
      this.logger.warn({ err: error, network }, 'payment options: network read failed');
      return { unavailable: 'rpc_error' };
    }
  }
}

function optionOf(option: PlannedOption, balance: bigint | undefined, read: NetworkRead): PaymentOption {
  const neededAmount = formatAmount(option.needed, option.decimals);
  if (balance === undefined) {
    const unavailable = 'unavailable' in read ? read.unavailable : 'rpc_error';
    return { balance: null, hasEnoughBalance: null, neededAmount, unavailable };
  }
  return { balance: formatAmount(balance, option.decimals), hasEnoughBalance: balance >= option.needed, neededAmount };
}
