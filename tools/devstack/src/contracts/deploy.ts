import {
  Contract,
  ContractFactory,
  JsonRpcProvider,
  NonceManager,
  parseEther,
  parseUnits,
  Wallet,
  type BaseContract,
  type ContractMethod,
  type ContractTransactionResponse,
  type TransactionResponse,
} from 'ethers';

import { loadArtifact } from './artifacts.js';
import { ANVIL_ACCOUNTS } from '../anvil.js';
import {
  DEFAULT_FUND_AMOUNT,
  LOCAL_BATCH,
  LOCAL_RECURRING,
  LOCAL_FEED_DECIMALS,
  LOCAL_FEEDS,
  LOCAL_PROXIES,
  LOCAL_TOKENS,
} from './local-assets.js';

/** Addresses of everything deployLocalContracts put on the local chain (JSON-serialisable). */
export interface LocalDeployment {
  chainId: number;
  /** "ERC20FeeProxy", "EthereumFeeProxy", "BatchConversionPayments", "ERC20RecurringPaymentProxy" -> address. */
  contracts: Record<string, string>;
  /** "USDC", "USDT", "DAI", "FAU" -> token. */
  tokens: Record<string, { address: string; decimals: number }>;
  /** "EUR/USD", ..., "ETH/USD" -> MockV3Aggregator address (8 decimals). */
  feeds: Record<string, string>;
  /** ISO-8601 time of the deployment. */
  deployedAt: string;
}

export interface DeployLocalContractsOptions {
  rpcUrl: string;
  deployerPrivateKey: string;
  /** A deployment recorded earlier; returned untouched when it is complete and still on chain. */
  previous?: LocalDeployment;
  /** Repository root holding contracts/build; defaults to the one found above this module. */
  rootDir?: string;
  /** The recurring proxy's relayer (RELAYER_ROLE); default ANVIL_ACCOUNTS[3]. The deployer is its owner. */
  relayerAddress?: string;
}

export interface FundAccountsOptions {
  rpcUrl: string;
  deployerPrivateKey: string;
  deployment: LocalDeployment;
  accounts: string[];
  /** Human units per token symbol (e.g. {USDC: "500"}); tokens left out get 1,000,000; "0" skips. */
  amounts?: Record<string, string>;
  /** Native currency to send each account from the deployer, in ether units; default none. */
  nativeAmount?: string;
  rootDir?: string;
}

/**
 * A contract method that sends a transaction (TestERC20.mint, MockV3Aggregator.updateAnswer).
 * ethers' getFunction only takes an array as the argument type (a tuple fails its constraint), so
 * this types the result, not the arguments.
 */
export type TransactionMethod = ContractMethod<unknown[], void, ContractTransactionResponse>;

/** ethers polls every 4 s by default; a local chain mines in milliseconds. */
const LOCAL_POLLING_MS = 100;
/**
 * ethers reuses an identical request's answer for 250 ms by default, so a balance, code or nonce
 * read right after a transaction can be stale (the "nonce too low" seen with back-to-back sends).
 */
const NO_RESPONSE_CACHE = -1;

/**
 * Deploys both fee proxies, the batch contract, the recurring payment proxy, the test tokens and the price feeds, or returns `previous` without
 * sending anything when the chain id matches and every recorded address still has code.
 * Requires compiled artifacts (compileContracts) under contracts/build.
 */
export async function deployLocalContracts(opts: DeployLocalContractsOptions): Promise<LocalDeployment> {
  const provider = localProvider(opts.rpcUrl);
  try {
    const chainId = Number((await provider.getNetwork()).chainId);
    if (opts.previous && (await isStillDeployed(provider, opts.previous, chainId))) return opts.previous;

    const signer = new NonceManager(new Wallet(opts.deployerPrivateKey, provider));
    const factory = (name: string): ContractFactory => {
      const artifact = loadArtifact(name, opts.rootDir);
      return new ContractFactory(artifact.abi, artifact.bytecode, signer);
    };

    // Send every deployment first (NonceManager numbers them), then wait for all of them: with
    // interval mining this costs one block instead of one block per contract.
    const proxies = await sendEach(LOCAL_PROXIES, (name) => factory(name).deploy());
    // A deployment's address is known once it is sent (sender + nonce), so the batch contract can
    // take the proxies' addresses without waiting for them to be mined.
    const proxyAddresses = await addressesOf(proxies);
    const batch = await factory(LOCAL_BATCH).deploy(...proxyAddresses);
    const relayer = opts.relayerAddress ?? ANVIL_ACCOUNTS[3].address;
    const recurring = await factory(LOCAL_RECURRING).deploy(await signer.getAddress(), relayer, proxyAddresses[0]);
    const tokens = await sendEach(LOCAL_TOKENS, (t) => factory('TestERC20').deploy(t.name, t.symbol, t.decimals));
    const feeds = await sendEach(LOCAL_FEEDS, (f) =>
      factory('MockV3Aggregator').deploy(LOCAL_FEED_DECIMALS, parseUnits(f.answer, LOCAL_FEED_DECIMALS), f.pair),
    );
    await Promise.all([...proxies, batch, recurring, ...tokens, ...feeds].map((c) => c.waitForDeployment()));

    const [tokenAt, feedAt] = await Promise.all([tokens, feeds].map(addressesOf));
    return {
      chainId,
      contracts: {
        ...Object.fromEntries(LOCAL_PROXIES.map((name, i): [string, string] => [name, proxyAddresses[i]])),
        [LOCAL_BATCH]: await batch.getAddress(),
        [LOCAL_RECURRING]: await recurring.getAddress(),
      },
      tokens: Object.fromEntries(
        LOCAL_TOKENS.map((t, i): [string, { address: string; decimals: number }] => [
          t.symbol,
          { address: tokenAt[i], decimals: t.decimals },
        ]),
      ),
      feeds: Object.fromEntries(LOCAL_FEEDS.map((f, i): [string, string] => [f.pair, feedAt[i]])),
      deployedAt: new Date().toISOString(),
    };
  } finally {
    provider.destroy();
  }
}

/**
 * Mints every deployed test token to every account (1,000,000 human units by default) and
 * optionally sends native currency for gas. Waits until every transaction is mined.
 */
export async function fundAccounts(opts: FundAccountsOptions): Promise<void> {
  const provider = localProvider(opts.rpcUrl);
  try {
    const signer = new NonceManager(new Wallet(opts.deployerPrivateKey, provider));
    const { abi } = loadArtifact('TestERC20', opts.rootDir);
    const sent: (ContractTransactionResponse | TransactionResponse)[] = [];

    for (const [symbol, token] of Object.entries(opts.deployment.tokens)) {
      const units = parseUnits(opts.amounts?.[symbol] ?? DEFAULT_FUND_AMOUNT, token.decimals);
      if (units === 0n) continue;
      const mint = new Contract(token.address, abi, signer).getFunction<TransactionMethod>('mint');
      for (const account of opts.accounts) sent.push(await mint(account, units));
    }
    const native = parseEther(opts.nativeAmount ?? '0');
    if (native > 0n) {
      for (const account of opts.accounts) sent.push(await signer.sendTransaction({ to: account, value: native }));
    }
    await Promise.all(sent.map((tx) => tx.wait()));
  } finally {
    provider.destroy();
  }
}

/** A provider for the local chain: fast polling, no response cache (see the constants above). */
export function localProvider(rpcUrl: string): JsonRpcProvider {
  return new JsonRpcProvider(rpcUrl, undefined, { pollingInterval: LOCAL_POLLING_MS, cacheTimeout: NO_RESPONSE_CACHE });
}

function addressesOf(contracts: BaseContract[]): Promise<string[]> {
  return Promise.all(contracts.map((c) => c.getAddress()));
}

async function sendEach<T>(items: readonly T[], send: (item: T) => Promise<BaseContract>): Promise<BaseContract[]> {
  const contracts: BaseContract[] = [];
  for (const item of items) contracts.push(await send(item)); // in order: each send takes the next nonce
  return contracts;
}

/** True when `previous` is for this chain, names everything we deploy, and all of it has code. */
async function isStillDeployed(provider: JsonRpcProvider, previous: LocalDeployment, chainId: number): Promise<boolean> {
  if (previous.chainId !== chainId) return false;
  // `previous` usually comes from a JSON file, so check the shape rather than trust the type.
  const addresses: unknown[] = [
    ...[...LOCAL_PROXIES, LOCAL_BATCH, LOCAL_RECURRING].map((n) => previous.contracts?.[n]),
    ...LOCAL_TOKENS.map((t) => previous.tokens?.[t.symbol]?.address),
    ...LOCAL_FEEDS.map((f) => previous.feeds?.[f.pair]),
  ];
  if (!addresses.every((a): a is string => typeof a === 'string')) return false;
  const codes = await Promise.all(addresses.map((a) => provider.getCode(a)));
  return codes.every((code) => code !== '0x');
}
