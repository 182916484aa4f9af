import { Injectable, Logger } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { decodeUint256, encodeAllowance, encodeBalanceOf } from '@payrail/permits';
import {
  type AbstractProvider,
  FallbackProvider,
  JsonRpcApiProvider,
  type JsonRpcError,
  type JsonRpcPayload,
  JsonRpcProvider,
  type JsonRpcResult,
  toQuantity,
} from 'ethers';
import { ChainProviders } from '../../currencies/chain-providers.js';

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

interface RpcCall {
  method: string;
  params: unknown[];
}

/**
 * Reads a payer's balances, allowances, the gas price and gas estimates in ONE JSON-RPC round
 * trip: all calls go out as a single JSON-RPC batch (one HTTP request) through the network's
 * ethers JsonRpcProvider, at once (ethers' own queue would wait 10 ms for more calls and could
 * merge the calls of concurrent payouts). Over a WebSocket (no batches) the calls share one
 * connection. With several RPC URLs the next one is asked when the batch as a whole fails.
 */
@Injectable()
export class PayerStateReader {
  private readonly logger = new Logger('PayerStateReader');

  constructor(private readonly providers: ChainProviders) {}

  /** Undefined when the network has no RPC endpoint configured. */
  async read(query: PayerStateQuery): Promise<PayerState | undefined> {
    const provider = this.providers.get(query.network);
    if (!provider) return undefined;
    const calls: RpcCall[] = [
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
    const results = await this.batch(provider, calls, query.network);
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

  private async batch(provider: AbstractProvider, calls: RpcCall[], network: string): Promise<PromiseSettledResult<unknown>[]> {
    const candidates = rpcSenders(provider);
    for (const [i, sender] of candidates.entries()) {
      try {
        const results = await sendAll(sender, calls);
        // eth_getBalance and eth_gasPrice do not fail on a healthy node: their failure is the endpoint's.
        if (results[0].status === 'fulfilled' && results[1].status === 'fulfilled') return results;
        const failed = results.slice(0, 2).find((r): r is PromiseRejectedResult => r.status === 'rejected');
        this.logger.warn({ err: failed?.reason as unknown, network, endpoint: i }, 'RPC batch failed');
      } catch (error) {
        this.logger.warn({ err: error, network, endpoint: i }, 'RPC batch failed');
      }
    }
    throw new PayrailError('DEPENDENCY_UNAVAILABLE', `No RPC endpoint of ${network} answered`);
  }
}

/** One JSON-RPC batch over HTTP; each call's own error stays with that call. Throws when the endpoint fails. */
async function sendAll(sender: JsonRpcApiProvider, calls: RpcCall[]): Promise<PromiseSettledResult<unknown>[]> {
  if (!(sender instanceof JsonRpcProvider)) return Promise.allSettled(calls.map((c) => sender.send(c.method, c.params)));
  const payload: JsonRpcPayload[] = calls.map((c, i) => ({ jsonrpc: '2.0', id: i + 1, method: c.method, params: c.params }));
  // ethers types the answers as results only; a batch answer holds errors too.
  const answers = (await sender._send(payload)) as (JsonRpcResult | JsonRpcError)[];
  return payload.map((request): PromiseSettledResult<unknown> => {
    const answer = answers.find((a) => a.id === request.id);
    if (!answer) return { status: 'rejected', reason: new Error(`no answer to ${request.method}`) };
    return 'error' in answer
      ? { status: 'rejected', reason: sender.getRpcError(request, answer) }
      : { status: 'fulfilled', value: answer.result };
  });
}

/** The JSON-RPC providers behind a provider, in failover order. */
function rpcSenders(provider: AbstractProvider): JsonRpcApiProvider[] {
  if (provider instanceof JsonRpcApiProvider) return [provider];
  if (provider instanceof FallbackProvider) {
    return [...provider.providerConfigs]
      .sort((a, b) => a.priority - b.priority)
      .map((c) => c.provider)
      .filter((p): p is JsonRpcApiProvider => p instanceof JsonRpcApiProvider);
  }
  return [];
}
