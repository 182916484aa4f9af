import { JsonRpcProvider, makeError, type JsonRpcPayload, type JsonRpcResult, type Network } from 'ethers';
import { EVM_NETWORKS } from '../networks.js';

/** One JSON-RPC call as it went out: the network's name, its method, the round trip and whether it was answered without error. */
export interface RpcCall {
  network: string;
  method: string;
  seconds: number;
  ok: boolean;
}

let observer: ((call: RpcCall) => void) | undefined;

/** Where every provider made by rpcProvider reports its calls (the apps hand in their metrics). */
export function observeRpcCalls(fn: ((call: RpcCall) => void) | undefined): void {
  observer = fn;
}

const NAME_OF_CHAIN = new Map<bigint, string>(Object.entries(EVM_NETWORKS).map(([name, n]) => [BigInt(n.chainId), name]));

/** A JsonRpcProvider that reports each payload of a (batched) request to the observer. */
export class ObservedJsonRpcProvider extends JsonRpcProvider {
  private readonly networkName: string;

  constructor(url: string, network: Network, cacheTimeout: number | undefined, batchStallTime?: number, batchMaxCount?: number) {
    super(url, network, {
      staticNetwork: network,
      cacheTimeout,
      ...(batchStallTime === undefined ? {} : { batchStallTime }),
      ...(batchMaxCount === undefined ? {} : { batchMaxCount }),
    });
    this.networkName = NAME_OF_CHAIN.get(network.chainId) ?? `chain-${network.chainId}`;
  }

  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const calls = Array.isArray(payload) ? payload : [payload];
    const started = performance.now();
    const report = (okOf: (call: JsonRpcPayload) => boolean) => {
      const seconds = (performance.now() - started) / 1000;
      for (const call of calls) observer?.({ network: this.networkName, method: call.method, seconds, ok: okOf(call) });
    };
    try {
      // ethers types the answers as results, but error answers come back in the same array.
      const results = await this.post(payload);
      const failed = new Set(results.filter((r) => 'error' in (r as object)).map((r) => r.id));
      report((call) => !failed.has(call.id));
      return results;
    } catch (error) {
      report(() => false);
      throw error;
    }
  }

  /**
   * ethers' own `_send` (same connection, retries and throttling through its FetchRequest), except
   * the answer's bytes are decoded by Node's native UTF-8 decoder: ethers decodes them in
   * JavaScript, which for a block's logs or a whole block (about a megabyte for 500 payments)
   * cost more CPU than everything else detection did with them.
   */
  private async post(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const request = this._getConnection();
    request.body = new TextEncoder().encode(JSON.stringify(payload));
    request.setHeader('content-type', 'application/json');
    const response = await request.send();
    response.assertOk();
    let answer: unknown;
    try {
      answer = JSON.parse(response.hasBody() ? UTF8.decode(response.body) : '');
    } catch {
      throw makeError('response body is not valid JSON', 'UNSUPPORTED_OPERATION', { operation: 'bodyJson', info: { response } });
    }
    return (Array.isArray(answer) ? answer : [answer]) as JsonRpcResult[];
  }
}

/** Fails on bytes that are not UTF-8, as ethers' decoder does. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });
