import 'reflect-metadata';
import { Transform } from 'class-transformer';
import { IsOptional, IsUrl, Matches } from 'class-validator';
import { EVM_NETWORK_NAMES, EVM_NETWORKS, type EvmNetwork } from './networks.js';

// TypeScript requires a mixin base to take `...args: any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = new (...args: any[]) => T;

const list = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  );
const rpcUrls = () =>
  IsUrl(
    { protocols: ['http', 'https', 'ws', 'wss'], require_tld: false },
    { each: true, message: 'must be a comma-separated list of http(s) or ws(s) URLs' },
  );

const RECURRING_PROXY_PAIRS = /^[a-z-]+:0x[0-9a-fA-F]{40}(,[a-z-]+:0x[0-9a-fA-F]{40})*$/;

/** Adds the chain RPC variables (comma-separated failover lists) to an app's env schema. */
export function WithChainEnv<TBase extends Ctor>(Base: TBase) {
  class ChainEnv extends Base {
    @IsOptional() @list() @rpcUrls() RPC_URL_MAINNET?: string[];
    @IsOptional() @list() @rpcUrls() RPC_URL_BASE?: string[];
    @IsOptional() @list() @rpcUrls() RPC_URL_OPTIMISM?: string[];
    @IsOptional() @list() @rpcUrls() RPC_URL_ARBITRUM_ONE?: string[];
    @IsOptional() @list() @rpcUrls() RPC_URL_MATIC?: string[];
    @IsOptional() @list() @rpcUrls() RPC_URL_BSC?: string[];
    @IsOptional() @list() @rpcUrls() RPC_URL_SEPOLIA?: string[];

    /** TronGrid-compatible HTTP API of the Tron network. */
    @IsOptional() @IsUrl({ protocols: ['http', 'https'], require_tld: false }) TRON_API_URL?: string;

    /**
     * TronGrid API key, sent as the `TRON-PRO-API-KEY` header of every TRON_API_URL request (without
     * one TronGrid's free tier throttles within minutes of real traffic). A secret: never logged.
     */
    @IsOptional()
    @Matches(/^[A-Za-z0-9-]{16,128}$/, { message: 'must be a TronGrid API key (16-128 letters, digits or dashes)' })
    TRON_API_KEY?: string;

    /** Local environment: the JSON file (`.local/stack.json`) holding the local chain's contract addresses. */
    @IsOptional() CHAIN_DEPLOYMENT_FILE?: string;

    /**
     * `network:address` pairs, comma-separated: this project's ERC20RecurringPaymentProxy on each
     * network (as `admin recurring-proxy deploy` prints), replacing the built-in address.
     */
    @IsOptional()
    @Matches(RECURRING_PROXY_PAIRS, { message: 'must be network:0x-address pairs, comma-separated' })
    RECURRING_PROXY_ADDRESSES?: string;

    /**
     * `network:address` pairs, comma-separated: this project's DepositForwarderFactory on each network
     * (pay by transfer; the local chain's comes from its deployment). A network without one has no deposit addresses.
     */
    @IsOptional()
    @Matches(RECURRING_PROXY_PAIRS, { message: 'must be network:0x-address pairs, comma-separated' })
    DEPOSIT_FACTORY_ADDRESSES?: string;
  }
  return ChainEnv;
}

/** The configured RPC endpoints of every network that has any. */
export function configuredRpcUrls(env: object): Partial<Record<EvmNetwork, string[]>> {
  const out: Partial<Record<EvmNetwork, string[]>> = {};
  for (const network of EVM_NETWORK_NAMES) {
    const urls = (env as Record<string, unknown>)[EVM_NETWORKS[network].rpcEnv];
    if (Array.isArray(urls) && urls.length > 0) out[network] = urls.map(String);
  }
  return out;
}
