import { parseEvmAddress } from '@payrail/domain';
import type { NetworkInfo, NetworkName } from './network-registry.js';
import { EVM_NETWORK_NAMES, type EvmNetwork } from './networks.js';

/** The variable naming this project's recurring proxy per network. */
const RECURRING_PROXY_ENV = 'RECURRING_PROXY_ADDRESSES';

/** `base:0xAbC…,mainnet:0x…` -> network -> checksummed address; throws naming a bad pair. */
export function parseRecurringProxyAddresses(value: string | undefined): Partial<Record<EvmNetwork, string>> {
  const out: Partial<Record<EvmNetwork, string>> = {};
  for (const pair of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [network, raw] = pair.split(':');
    if (!EVM_NETWORK_NAMES.includes(network as EvmNetwork)) throw new Error(`${RECURRING_PROXY_ENV}: unknown EVM network "${network}"`);
    const address = parseEvmAddress(raw);
    if (!address) throw new Error(`${RECURRING_PROXY_ENV}: "${raw}" is not an EVM address (EIP-55 checksum)`);
    out[network as EvmNetwork] = address;
  }
  return out;
}

/** The configuration line that points `network`'s recurring proxy at `address`, keeping the other networks' pairs. */
export function recurringProxyConfigLine(current: string | undefined, network: EvmNetwork, address: string): string {
  const pairs = { ...parseRecurringProxyAddresses(current), [network]: address };
  return `${RECURRING_PROXY_ENV}=${Object.entries(pairs)
    .map(([n, a]) => `${n}:${a}`)
    .join(',')}`;
}

/** The registry with each network's ERC20RecurringPaymentProxy replaced as RECURRING_PROXY_ADDRESSES says. */
export function withRecurringProxies(
  networks: Readonly<Record<NetworkName, NetworkInfo>>,
  env: { RECURRING_PROXY_ADDRESSES?: string },
): Readonly<Record<NetworkName, NetworkInfo>> {
  const overrides = Object.entries(parseRecurringProxyAddresses(env.RECURRING_PROXY_ADDRESSES));
  if (overrides.length === 0) return networks;
  const out = { ...networks };
  for (const [name, address] of overrides) {
    const network = out[name as NetworkName];
    out[name as NetworkName] = { ...network, contracts: { ...network.contracts, ERC20RecurringPaymentProxy: address } };
  }
  return Object.freeze(out);
}
