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
  ZeroAddress,
} from 'ethers';

import type { PublishedContractName } from '@payrail/chains';
import { loadArtifact } from './artifacts.js';
import { conversionPathAnswers, conversionPathEntries, localNativeCurrencyHash, registerLocalFeeds } from './conversion-path.js';
import { ANVIL_ACCOUNTS } from '../anvil.js';
import {
  DEFAULT_FUND_AMOUNT,
  LOCAL_BATCH,
  LOCAL_BATCH_FEE_BPS,
  LOCAL_BATCH_FEE_USD_LIMIT,
  LOCAL_CONVERSION_PATH,
  LOCAL_DEPOSIT_FACTORY,
  LOCAL_RECURRING,
  LOCAL_FEED_DECIMALS,
  LOCAL_FEEDS,
  LOCAL_PROXIES,
  LOCAL_TOKENS,
} from './local-assets.js';

/** Request Network's published artifacts, read through @payrail/chains loaded on first use (most importers of the devstack never deploy). */
const publishedArtifacts = async () => (await import('@payrail/chains')).publishedArtifact;

/** Addresses of everything deployLocalContracts put on the local chain (JSON-serialisable). */
export interface LocalDeployment {
  chainId: number;
  /**
   * "ERC20FeeProxy", "EthereumFeeProxy", "ChainlinkConversionPath", "BatchConversionPayments"
   * (Request Network's published bytecode), "ERC20RecurringPaymentProxy" and "DepositForwarderFactory" (the project's) -> address.
   */
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

const PLACEHOLDER_ADDRESS = '0x0000000000000000000000000000000000000001';

/** Gas for the batch contract's admin calls, sent before the contract is mined (no estimate possible). */
const ADMIN_CALL_GAS = 100_000n;

/**
 * Deploys Request Network's published contracts (both fee proxies, ChainlinkConversionPath and
 * BatchConversionPayments, whose owner, the deployer, then sets a non-zero batch fee and the USD
 * cap as on mainnet), the project's recurring payment proxy, the test tokens and the price feeds;
 * or returns `previous` without sending anything when the chain id matches and every recorded
 * address still holds the expected code. Requires the project's compiled artifacts (compileContracts).
 */
export async function deployLocalContracts(opts: DeployLocalContractsOptions): Promise<LocalDeployment> {
  const provider = localProvider(opts.rpcUrl);
  try {
    const chainId = Number((await provider.getNetwork()).chainId);
    if (opts.previous && (await isStillDeployed(provider, opts.previous, chainId))) return opts.previous;

    const signer = new NonceManager(new Wallet(opts.deployerPrivateKey, provider));
    const owner = await signer.getAddress();
    const publishedArtifact = await publishedArtifacts();
    const factory = (name: string): ContractFactory => {
      const artifact = loadArtifact(name, opts.rootDir);
      return new ContractFactory(artifact.abi, artifact.bytecode, signer);
    };
    const published = (name: PublishedContractName): ContractFactory => {
      const artifact = publishedArtifact(name);
      return new ContractFactory(artifact.abi, artifact.bytecode, signer);
    };

    // Send every deployment first (NonceManager numbers them), then wait for all of them: with
    // interval mining this costs one block instead of one block per contract. A deployment's
    // address is known once it is sent (sender + nonce), so later constructors take earlier
    // addresses without waiting for them to be mined.
    const proxies = await sendEach(LOCAL_PROXIES, (name) => published(name).deploy());
    const proxyAddresses = await addressesOf(proxies);
    const path = await published(LOCAL_CONVERSION_PATH).deploy(localNativeCurrencyHash(chainId), owner);
    // No conversion proxies: Payrail's batches use payment networks 1-3 only (no conversion).
    const batch = await published(LOCAL_BATCH).deploy(...proxyAddresses, ZeroAddress, ZeroAddress, await path.getAddress(), owner);
    const settings = await configureBatch(batch, signer);
    const relayer = opts.relayerAddress ?? ANVIL_ACCOUNTS[3].address;
    const recurring = await factory(LOCAL_RECURRING).deploy(owner, relayer, proxyAddresses[0]);
    const depositFactory = await factory(LOCAL_DEPOSIT_FACTORY).deploy();
    const tokens = await sendEach(LOCAL_TOKENS, (t) => factory('TestERC20').deploy(t.name, t.symbol, t.decimals));
    const feeds = await sendEach(LOCAL_FEEDS, (f) =>
      factory('MockV3Aggregator').deploy(LOCAL_FEED_DECIMALS, parseUnits(f.answer, LOCAL_FEED_DECIMALS), f.pair),
    );
    await Promise.all([...proxies, path, batch, recurring, depositFactory, ...tokens, ...feeds].map((c) => c.waitForDeployment()));
    await Promise.all(settings.map(mustSucceed));

    const [tokenAt, feedAt] = await Promise.all([tokens, feeds].map(addressesOf));
    const deployment: LocalDeployment = {
      chainId,
      contracts: {
        ...Object.fromEntries(LOCAL_PROXIES.map((name, i): [string, string] => [name, proxyAddresses[i]])),
        [LOCAL_CONVERSION_PATH]: await path.getAddress(),
        [LOCAL_BATCH]: await batch.getAddress(),
        [LOCAL_RECURRING]: await recurring.getAddress(),
        [LOCAL_DEPOSIT_FACTORY]: await depositFactory.getAddress(),
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
    await mustSucceed(await registerLocalFeeds(signer, await path.getAddress(), conversionPathEntries(deployment)));
    return deployment;
  } finally {
    provider.destroy();
  }
}

/** The owner's setBatchFee and setBatchFeeAmountUSDLimit, sent right behind the deployment (fixed gas: nothing to estimate against yet). */
async function configureBatch(batch: BaseContract, signer: NonceManager): Promise<TransactionResponse[]> {
  const publishedArtifact = await publishedArtifacts();
  const at = new Contract(await batch.getAddress(), publishedArtifact(LOCAL_BATCH).abi, signer);
  return [
    await at.getFunction<TransactionMethod>('setBatchFee')(LOCAL_BATCH_FEE_BPS, { gasLimit: ADMIN_CALL_GAS }),
    await at.getFunction<TransactionMethod>('setBatchFeeAmountUSDLimit')(LOCAL_BATCH_FEE_USD_LIMIT, { gasLimit: ADMIN_CALL_GAS }),
  ];
}

async function mustSucceed(tx: TransactionResponse): Promise<void> {
  const receipt = await tx.wait();
  if (receipt?.status !== 1) throw new Error(`Transaction ${tx.hash} failed while setting up the local chain`);
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

/**
 * True when `previous` is for this chain, names everything we deploy, all of it has code, and
 * Request Network's contracts hold the published runtime code (a chain state saved before the
 * devstack deployed the published bytecode is redeployed rather than reused).
 */
async function isStillDeployed(provider: JsonRpcProvider, previous: LocalDeployment, chainId: number): Promise<boolean> {
  if (previous.chainId !== chainId) return false;
  // `previous` usually comes from a JSON file, so check the shape rather than trust the type.
  const addresses: unknown[] = [
    ...[...LOCAL_PROXIES, LOCAL_CONVERSION_PATH, LOCAL_BATCH, LOCAL_RECURRING, LOCAL_DEPOSIT_FACTORY].map((n) => previous.contracts?.[n]),
    ...LOCAL_TOKENS.map((t) => previous.tokens?.[t.symbol]?.address),
    ...LOCAL_FEEDS.map((f) => previous.feeds?.[f.pair]),
  ];
  if (!addresses.every((a): a is string => typeof a === 'string')) return false;
  const codes = await Promise.all(addresses.map((a) => provider.getCode(a)));
  if (codes.some((code) => code === '0x')) return false;
  const published = [...LOCAL_PROXIES, LOCAL_BATCH] as const;
  const expected = await Promise.all(published.map((name) => publishedRuntimeCode(provider, name)));
  if (!published.every((name, i) => codes[addresses.indexOf(previous.contracts[name])] === expected[i])) return false;
  // A chain set up before its feeds were registered in the conversion path cannot price anything.
  return conversionPathAnswers(provider, previous);
}

/**
 * The runtime code a published contract's creation code leaves on chain, obtained by running it
 * with eth_call. None of them keeps an immutable, so the constructor's address arguments (a
 * placeholder here: Ownable refuses the zero address) do not change the runtime code.
 */
export async function publishedRuntimeCode(provider: JsonRpcProvider, name: PublishedContractName): Promise<string> {
  const { abi, bytecode } = (await publishedArtifacts())(name);
  const inputs = new ContractFactory(abi, bytecode).interface.deploy.inputs;
  const { data } = await new ContractFactory(abi, bytecode).getDeployTransaction(...inputs.map(() => PLACEHOLDER_ADDRESS));
  return provider.call({ data });
}
