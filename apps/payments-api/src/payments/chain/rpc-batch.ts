import { Injectable, Logger } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import {
  type AbstractProvider,
  FallbackProvider,
  JsonRpcApiProvider,
  type JsonRpcError,
  type JsonRpcPayload,
  JsonRpcProvider,
  type JsonRpcResult,
} from 'ethers';
import { ChainProviders } from './chain-providers.js';

export interface RpcCall {
  method: string;
  params: unknown[];
}

/**
 * Sends a list of JSON-RPC calls as ONE batch (one HTTP request) through a network's ethers
 * JsonRpcProvider, at once (ethers' own queue would wait 10 ms for more calls and could merge the
 * calls of concurrent requests). Over a WebSocket (no batches) the calls share one connection.
 * With several RPC URLs the next one is asked when the batch as a whole fails.
 */
@Injectable()
export class RpcBatch {
  private readonly logger = new Logger('RpcBatch');

  constructor(private readonly providers: ChainProviders) {}

  /** True when the network has an RPC endpoint configured. */
  has(network: string): boolean {
    return this.providers.get(network) !== undefined;
  }

  /**
   * The settled result of each call, in order; each call's own error stays with it. The first
   * `probes` calls (eth_getBalance, eth_gasPrice...) do not fail on a healthy node, so their
   * failure is the endpoint's and the next endpoint is asked. Undefined without an RPC endpoint;
   * DEPENDENCY_UNAVAILABLE when no endpoint answered.
   */
  async send(network: string, calls: RpcCall[], probes: number): Promise<PromiseSettledResult<unknown>[] | undefined> {
    const provider = this.providers.get(network);
    if (!provider) return undefined;
    for (const [i, sender] of rpcSenders(provider).entries()) {
      try {
        const results = await sendAll(sender, calls);
        const failed = results.slice(0, probes).find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (!failed) return results;
        this.logger.warn({ err: failed.reason as unknown, network, endpoint: i }, 'RPC batch failed');
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
