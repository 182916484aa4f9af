import { EVM_NETWORK_NAMES, EVM_NETWORKS, type EvmNetwork } from '@payrail/chains';
import type { ValidationArguments, ValidationOptions } from 'class-validator';
import { ValidateBy } from 'class-validator';

/** WS_RPC_URLS parsed: `network=ws(s)://...` pairs, comma-separated, into network -> URL (undefined when malformed). */
export function parseWsRpcUrls(value: string | undefined): Map<EvmNetwork, string> | undefined {
  const out = new Map<EvmNetwork, string>();
  for (const pair of (value ?? '').split(',').map((p) => p.trim())) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const network = pair.slice(0, at) as EvmNetwork;
    const url = pair.slice(at + 1);
    if (at <= 0 || !EVM_NETWORK_NAMES.includes(network) || out.has(network) || !isWsUrl(url)) return undefined;
    out.set(network, url);
  }
  return out;
}

function isWsUrl(url: string): boolean {
  try {
    return ['ws:', 'wss:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Validates WS_RPC_URLS at boot: well-formed pairs of known EVM networks and ws(s) URLs, each for a
 * network that also has its RPC_URL_<NETWORK> (the WebSocket only wakes detection; every read goes there).
 */
export function IsWsRpcUrls(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'wsRpcUrls',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const pairs = typeof value === 'string' ? parseWsRpcUrls(value) : undefined;
          const env = (args?.object ?? {}) as Record<string, unknown>;
          return pairs !== undefined && [...pairs.keys()].every((n) => Array.isArray(env[EVM_NETWORKS[n].rpcEnv]));
        },
        defaultMessage: () =>
          `must be network=ws(s)://url pairs, comma-separated, one per network, each network one of ${EVM_NETWORK_NAMES.join(', ')} ` +
          'with its RPC_URL_<NETWORK> set',
      },
    },
    options,
  );
}
