import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { decodeUint256, encodeAllowance, encodeBalanceOf } from '@payrail/permits';
import { toQuantity } from 'ethers';
import { RpcBatch, type RpcCall } from './rpc-batch.js';

/** What a payout needs to know about its payer, on one EVM network. */
export interface PayerStateQuery {
  network: string;
  payer: string;
  /** Balance of each token, and its allowance to `spender`. */
  tokens: { token: string; spender: string }[];
  /** Transactions to estimate as sent by the payer. */
  estimates: { to: string; data: string; value: bigint }[];
}

export interface PayerState {
  nativeBalance: bigint;
  gasPrice: bigint;
  /** In the query's order. */
  tokens: { token: string; spender: string; balance: bigint; allowance: bigint }[];
  /** In the query's order; null where the node refused the estimate (typically: an approval is still missing). */
  gas: (bigint | null)[];
}

/** The payer's state (with a payer) and the answers to the extra calls, in their order. */
export interface ChainReads {
  state?: PayerState;
  extra: PromiseSettledResult<unknown>[];
}

/**
 * Reads a payer's balances, allowances, the gas price and gas estimates in ONE JSON-RPC round
 * trip (one batch through RpcBatch, with failover to the next endpoint); other reads a payout
 * needs (the batch fee, recipients' code) ride in the same batch.
 */
@Injectable()
export class PayerStateReader {
  constructor(private readonly rpc: RpcBatch) {}

  /** Undefined when the network has no RPC endpoint configured. */
  async read(query: PayerStateQuery): Promise<PayerState | undefined> {
    return (await this.readWith(query.network, query, []))?.state;
  }

  /**
   * The payer's state (when `query` is given) and `extra` in one round trip; no round trip when
   * there is nothing to read. Undefined when the network has no RPC endpoint configured.
   */
  async readWith(network: string, query: PayerStateQuery | null, extra: RpcCall[]): Promise<ChainReads | undefined> {
    if (query === null && extra.length === 0) return { extra: [] };
    const calls: RpcCall[] = query ? payerCalls(query) : [];
    // eth_getBalance and eth_gasPrice do not fail on a healthy node: their failure is the endpoint's.
    const results = await this.rpc.send(network, [...calls, ...extra], query ? 2 : 0);
    if (!results) return undefined;
    return { state: query ? payerState(query, results) : undefined, extra: results.slice(calls.length) };
  }
}

function payerCalls(query: PayerStateQuery): RpcCall[] {
  return [
    { method: 'eth_getBalance', params: [query.payer, 'latest'] },
    { method: 'eth_gasPrice', params: [] },
    ...query.tokens.flatMap(({ token, spender }) => [
      { method: 'eth_call', params: [{ to: token, data: encodeBalanceOf(query.payer) }, 'latest'] },
      { method: 'eth_call', params: [{ to: token, data: encodeAllowance(query.payer, spender) }, 'latest'] },
    ]),
    ...query.estimates.map((tx) => ({
      method: 'eth_estimateGas',
      params: [{ from: query.payer, to: tx.to, data: tx.data, value: toQuantity(tx.value) }],
    })),
  ];
}

function payerState(query: PayerStateQuery, results: PromiseSettledResult<unknown>[]): PayerState {
  const value = (i: number): string => {
    const r = results[i];
    if (r.status === 'rejected') throw new PayrailError('DEPENDENCY_UNAVAILABLE', `Reading the payer's state on ${query.network} failed`);
    return r.value as string;
  };
  const tokenBase = 2;
  const gasBase = tokenBase + query.tokens.length * 2;
  return {
    nativeBalance: BigInt(value(0)),
    gasPrice: BigInt(value(1)),
    tokens: query.tokens.map((t, i) => ({
      ...t,
      balance: decodeUint256(value(tokenBase + 2 * i)),
      allowance: decodeUint256(value(tokenBase + 2 * i + 1)),
    })),
    gas: query.estimates.map((_, i) => {
      const r = results[gasBase + i];
      return r.status === 'fulfilled' ? BigInt(r.value as string) : null;
    }),
  };
}
