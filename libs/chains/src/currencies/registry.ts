import { type LocalChainDeployment, localCurrencyId, localListSymbol, localNetworkOf } from '../local-deployment.js';
import { NETWORKS } from '../network-registry.js';
import type { Currency } from './currency.js';
import { STATIC_CURRENCIES } from './static-list.js';

export interface CurrencyQuery {
  network?: string;
  symbol?: string;
  id?: string;
}

export interface CurrencyRegistryOptions {
  /** Defaults to the committed static list. */
  currencies?: readonly Currency[];
  /** In the `local` environment: the local chain's tokens replace the testnet's. */
  local?: LocalChainDeployment | null;
}

const lower = (s: string) => s.toLowerCase();

/**
 * The local deployment's tokens on the testnet it stands in for: a token the list already has
 * (FAU-sepolia, fUSDC-sepolia for the local USDC, ...) keeps its id and name but takes the local
 * address and decimals; a token it lacks (DAI-sepolia) is added, named after the same symbol elsewhere.
 */
function applyLocalTokens(currencies: readonly Currency[], deployment: LocalChainDeployment): Currency[] {
  const network = localNetworkOf(NETWORKS, deployment);
  const result = [...currencies];
  for (const [symbol, address] of Object.entries(deployment.tokens)) {
    const id = localCurrencyId(symbol, network.name);
    const at = result.findIndex((c) => c.id === id);
    const decimals = deployment.tokenDecimals[symbol];
    const name = at >= 0 ? result[at].name : (currencies.find((c) => c.symbol === symbol && c.type === 'ERC20')?.name ?? symbol);
    const local: Currency = {
      id,
      name,
      symbol: localListSymbol(symbol),
      decimals,
      address,
      network: network.name,
      type: 'ERC20',
      hash: address,
      chainId: network.chainId,
    };
    if (at >= 0) result[at] = local;
    else result.push(local);
  }
  return result;
}

/**
 * Every currency the API knows, built once at boot (static list + optional local deployment)
 * and answered from memory: lookups by id (case-insensitive), network, symbol and address.
 */
export class CurrencyRegistry {
  private readonly byIdLower = new Map<string, Currency>();
  private readonly byNetwork = new Map<string, Currency[]>();
  private readonly byAddress = new Map<string, Currency[]>();

  private constructor(private readonly currencies: readonly Currency[]) {
    for (const c of currencies) {
      if (this.byIdLower.has(lower(c.id))) throw new Error(`duplicate currency id ${c.id}`);
      this.byIdLower.set(lower(c.id), c);
      this.byNetwork.set(c.network, [...(this.byNetwork.get(c.network) ?? []), c]);
      const key = `${c.network}:${lower(c.address)}`;
      this.byAddress.set(key, [...(this.byAddress.get(key) ?? []), c]);
    }
  }

  static create(options: CurrencyRegistryOptions = {}): CurrencyRegistry {
    const base = options.currencies ?? STATIC_CURRENCIES;
    return new CurrencyRegistry(Object.freeze(options.local ? applyLocalTokens(base, options.local) : [...base]));
  }

  all(): readonly Currency[] {
    return this.currencies;
  }

  byId(id: string): Currency | undefined {
    return this.byIdLower.get(lower(id));
  }

  onNetwork(network: string): readonly Currency[] {
    return this.byNetwork.get(lower(network)) ?? [];
  }

  /** Currencies at an address on a network (several ids can share one: USDT and USDT0 on arbitrum-one). */
  atAddress(network: string, address: string): readonly Currency[] {
    return this.byAddress.get(`${lower(network)}:${lower(address)}`) ?? [];
  }

  /** Currencies matching every given filter: network (exact name), symbol and id (case-insensitive). */
  find(query: CurrencyQuery): readonly Currency[] {
    if (query.id !== undefined) {
      const c = this.byId(query.id);
      return c && matches(c, query) ? [c] : [];
    }
    const pool = query.network !== undefined ? this.onNetwork(query.network) : this.currencies;
    return query.symbol === undefined ? pool : pool.filter((c) => matches(c, query));
  }
}

function matches(c: Currency, q: CurrencyQuery): boolean {
  return (q.network === undefined || c.network === lower(q.network)) && (q.symbol === undefined || lower(c.symbol) === lower(q.symbol));
}
