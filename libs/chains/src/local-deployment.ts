import { parseEvmAddress } from '@payrail/domain';
import { currencyId } from './currencies/currency.js';
import { type NetworkInfo, type NetworkName, networkByChainId } from './network-registry.js';

/**
 * The contracts, tokens and price feeds the devstack deployed on the local chain, as
 * `.local/stack.json` writes them under `chains.sepolia` (and the test stack under `chain`).
 */
export interface LocalChainDeployment {
  chainId: number;
  /** "ERC20FeeProxy", "EthereumFeeProxy" -> address. */
  contracts: Record<string, string>;
  /** Token symbol ("USDC", "FAU", ...) -> address. */
  tokens: Record<string, string>;
  tokenDecimals: Record<string, number>;
  /** "EUR/USD", "USDC/USD", ... -> AggregatorV3 feed address. */
  feeds: Record<string, string>;
}

/**
 * Local test tokens that stand in for a differently named token of Request Network's sepolia list:
 * the local USDC and USDT are the `fUSDC-sepolia` and `fUSDT-sepolia` of the public list. Any other
 * symbol keeps its name (`FAU` -> `FAU-sepolia`, `DAI` -> `DAI-sepolia`).
 */
const LOCAL_SYMBOL_ALIASES: Readonly<Record<string, string>> = Object.freeze({ USDC: 'fUSDC', USDT: 'fUSDT' });

/** The list symbol a local deployment's token symbol stands for ("USDC" -> "fUSDC"). */
export function localListSymbol(symbol: string): string {
  return LOCAL_SYMBOL_ALIASES[symbol] ?? symbol;
}

/** The currency id a local deployment's token symbol stands for on `network`. */
export function localCurrencyId(symbol: string, network: NetworkName): string {
  return currencyId(localListSymbol(symbol), network);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function addresses(value: unknown, what: string): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) throw new Error(`${what} must be an object`);
  return Object.fromEntries(
    Object.entries(value).map(([name, address]) => {
      const checksummed = parseEvmAddress(address);
      if (!checksummed) throw new Error(`${what}.${name} is not an EVM address`);
      return [name, checksummed];
    }),
  );
}

/** Token entries are `symbol -> address` (stack files) or `symbol -> {address, decimals}` (devstack's deployment.json). */
function tokensOf(chain: Record<string, unknown>): { tokens: Record<string, string>; tokenDecimals: Record<string, number> } {
  const raw = chain.tokens === undefined ? {} : chain.tokens;
  if (!isRecord(raw)) throw new Error('deployment.tokens must be an object');
  const decimals = isRecord(chain.tokenDecimals) ? chain.tokenDecimals : {};
  const tokens: Record<string, string> = {};
  const tokenDecimals: Record<string, number> = {};
  for (const [symbol, entry] of Object.entries(raw)) {
    const address = parseEvmAddress(isRecord(entry) ? entry.address : entry);
    if (!address) throw new Error(`deployment.tokens.${symbol} is not an EVM address`);
    const d = isRecord(entry) ? entry.decimals : decimals[symbol];
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 36)
      throw new Error(`deployment.tokenDecimals.${symbol} is missing or invalid`);
    tokens[symbol] = address;
    tokenDecimals[symbol] = d;
  }
  return { tokens, tokenDecimals };
}

/**
 * Validates a deployment read from JSON. Takes `.local/stack.json` (uses `chains.sepolia`), the
 * test stack file (uses `chain`), the chain object itself, or the devstack's
 * `.local/anvil/deployment.json`; throws an Error naming the bad field.
 */
export function parseLocalDeployment(json: unknown): LocalChainDeployment {
  let chain: unknown = json;
  if (isRecord(json) && isRecord(json.chains)) chain = json.chains.sepolia;
  else if (isRecord(json) && isRecord(json.chain)) chain = json.chain;
  if (!isRecord(chain)) throw new Error('deployment: no chain object (expected chains.sepolia, chain, or the chain itself)');
  if (!Number.isSafeInteger(chain.chainId)) throw new Error('deployment.chainId must be an integer');
  return {
    chainId: chain.chainId as number,
    contracts: addresses(chain.contracts, 'deployment.contracts'),
    ...tokensOf(chain),
    feeds: addresses(chain.feeds, 'deployment.feeds'),
  };
}

/** The testnet entry a local deployment replaces (the one with its chain id), or an Error. */
export function localNetworkOf(networks: Readonly<Record<NetworkName, NetworkInfo>>, deployment: LocalChainDeployment): NetworkInfo {
  const network = networkByChainId(networks, deployment.chainId);
  if (!network || !network.testnet || network.kind !== 'evm') {
    throw new Error(`local deployment chain id ${deployment.chainId} is not one of the EVM testnets`);
  }
  return network;
}

/**
 * The network registry with the testnet the local chain stands in for (sepolia, chain id
 * 11155111) replaced by the local deployment: its contracts instead of Request Network's, and
 * no explorer. Pure; the other networks are returned unchanged.
 */
export function withLocalDeployment(
  networks: Readonly<Record<NetworkName, NetworkInfo>>,
  deployment: LocalChainDeployment,
): Readonly<Record<NetworkName, NetworkInfo>> {
  const network = localNetworkOf(networks, deployment);
  return Object.freeze({
    ...networks,
    [network.name]: { ...network, local: true, explorer: null, contracts: { ...deployment.contracts } },
  });
}
