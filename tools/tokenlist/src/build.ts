import {
  type Currency,
  currencyHash,
  currencyId,
  FIAT_NETWORK,
  fiatPseudoAddress,
  type NetworkInfo,
  type NetworkName,
  parseEvmAddress,
  isTronAddress,
  tronFromHex,
} from '@payrail/chains';
import type { PinnedToken } from './pins.js';
import type { FiatRecord, SourceToken, TokenListSources } from './sources.js';

/** The generated file: where it came from, and the currencies. */
export interface TokenListFile {
  generatedBy: string;
  sources: string[];
  currencies: Currency[];
}

const SYMBOL = /^[A-Za-z0-9._]{1,16}$/;
const EVM_ZERO = '0x0000000000000000000000000000000000000000';

function nativeCurrency(network: NetworkInfo): Currency {
  const { id, symbol, name, decimals } = network.nativeCurrency;
  const address = network.kind === 'tron' ? tronFromHex(EVM_ZERO) : EVM_ZERO;
  return {
    id,
    name,
    symbol,
    decimals,
    address,
    network: network.name,
    type: 'ETH',
    hash: currencyHash('ETH', symbol),
    chainId: network.chainId,
  };
}

function token(network: NetworkInfo, symbol: string, name: string, address: string, decimals: number): Currency {
  const type = network.kind === 'tron' ? 'TRC20' : 'ERC20';
  return {
    id: currencyId(symbol, network.name),
    name,
    symbol,
    decimals,
    address,
    network: network.name,
    type,
    hash: address,
    chainId: network.chainId,
  };
}

function fiatCurrency(f: FiatRecord): Currency {
  const address = fiatPseudoAddress(f.code);
  return {
    id: f.code,
    name: f.name,
    symbol: f.code,
    decimals: f.digits,
    address,
    network: FIAT_NETWORK,
    type: 'ISO4217',
    hash: currencyHash('ISO4217', f.code),
    chainId: 0,
  };
}

function pinnedCurrency(p: PinnedToken, network: NetworkInfo, listed: Map<string, SourceToken>): Currency {
  const address = network.kind === 'tron' ? (isTronAddress(p.address) ? p.address : undefined) : parseEvmAddress(p.address);
  if (!address || address !== p.address) throw new Error(`pinned ${p.symbol}-${p.network}: address ${p.address} is not in canonical form`);
  const fromPackage = listed.get(`${network.chainId}:${address.toLowerCase()}`);
  if (fromPackage && fromPackage.decimals !== p.decimals) {
    throw new Error(`pinned ${p.symbol}-${p.network}: ${p.decimals} decimals, but ${fromPackage.source} says ${fromPackage.decimals}`);
  }
  return token(network, p.symbol, p.name, address, p.decimals);
}

/**
 * Package tokens on our EVM networks, minus what is already listed (same address, or same id),
 * minus symbols that name several addresses on one network (we cannot tell which one is meant),
 * in a stable order: network order, then symbol, then address.
 */
function packageCurrencies(sources: SourceToken[], networks: NetworkInfo[], taken: Currency[]): Currency[] {
  const byChain = new Map(networks.filter((n) => n.kind === 'evm').map((n) => [n.chainId, n]));
  const seenAddress = new Set(taken.map((c) => `${c.chainId}:${c.address.toLowerCase()}`));
  const candidates = new Map<string, Currency>(); // by chain:address, first source wins
  for (const t of sources) {
    const network = byChain.get(t.chainId);
    const address = parseEvmAddress(t.address);
    if (!network || !address || !SYMBOL.test(t.symbol) || !Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 36) continue;
    const key = `${t.chainId}:${address.toLowerCase()}`;
    if (seenAddress.has(key) || candidates.has(key)) continue;
    candidates.set(key, token(network, t.symbol, t.name.trim() || t.symbol, address, t.decimals));
  }
  const perId = new Map<string, Currency[]>();
  for (const c of candidates.values()) perId.set(c.id.toLowerCase(), [...(perId.get(c.id.toLowerCase()) ?? []), c]);
  const takenIds = new Set(taken.map((c) => c.id.toLowerCase()));
  const order = new Map(networks.map((n, i) => [n.name, i]));
  return [...perId.entries()]
    .filter(([id, group]) => group.length === 1 && !takenIds.has(id))
    .map(([, [c]]) => c)
    .sort(
      (a, b) =>
        (order.get(a.network as NetworkName) ?? 0) - (order.get(b.network as NetworkName) ?? 0) ||
        a.symbol.toLowerCase().localeCompare(b.symbol.toLowerCase()) ||
        a.address.toLowerCase().localeCompare(b.address.toLowerCase()),
    );
}

/**
 * The static currency list: natives, pinned tokens, the packages' tokens and ISO 4217 fiat.
 * Pure: the same sources give the same list (the spec regenerates it and compares).
 */
export function buildTokenList(sources: TokenListSources, pins: readonly PinnedToken[], networks: NetworkInfo[]): TokenListFile {
  const byName = new Map(networks.map((n) => [n.name, n]));
  const listed = new Map(sources.tokens.map((t) => [`${t.chainId}:${t.address.toLowerCase()}`, t]));
  const natives = networks.map(nativeCurrency);
  const pinned = pins.map((p) => {
    const network = byName.get(p.network);
    if (!network) throw new Error(`pinned ${p.symbol}: unknown network ${p.network}`);
    return pinnedCurrency(p, network, listed);
  });
  const fromPackages = packageCurrencies(sources.tokens, networks, [...natives, ...pinned]);
  const fiat = [...sources.fiat].sort((a, b) => a.code.localeCompare(b.code)).map(fiatCurrency);
  const currencies = [...natives, ...pinned, ...fromPackages, ...fiat];

  const ids = new Set<string>();
  for (const c of currencies) {
    if (ids.has(c.id.toLowerCase())) throw new Error(`duplicate currency id ${c.id}`);
    ids.add(c.id.toLowerCase());
  }
  return { generatedBy: 'tools/tokenlist: node dist/tools/tokenlist/src/generate-cli.js', sources: sources.versions, currencies };
}
