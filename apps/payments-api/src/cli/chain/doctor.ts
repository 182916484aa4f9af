import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Contract, formatEther, JsonRpcProvider, Wallet } from 'ethers';
import {
  AggregatorRateSource,
  configuredRpcUrls,
  EVM_NETWORKS,
  type EvmNetwork,
  loadLocalDeploymentFile,
  MaxAgeRateSource,
  NETWORKS,
  type NetworkInfo,
  rateFeedBook,
  withLocalDeployment,
  withRecurringProxies,
} from '@payrail/chains';
import { REDACTED, scrubUrls } from '@payrail/platform';
import { RATE_MAX_AGE_SECONDS } from '../../payments/payments.tokens.js';
import type { ChainOpsEnv } from './chain-ops.env.js';
import { codeHash, codeSourceOf, expectedRuntimeCode } from './expected-code.js';

export type CheckName = 'deployment' | 'rpc' | 'contract' | 'feed' | 'relayer-gas' | 'relayer-role';

/** One finding: what was checked, where, whether it passed and why. */
export interface DoctorCheck {
  check: CheckName;
  network: string;
  ok: boolean;
  detail: string;
}

/** Gas one recurring execution may take, and how many executions the relayer must be able to pay. */
export const EXECUTION_GAS = 300_000n;
export const EXECUTIONS_COVERED = 10n;
const RPC_TIMEOUT_MS = 10_000;

const message = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0] : String(error));

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${RPC_TIMEOUT_MS} ms`)), RPC_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The relayer's address: RELAYER_ADDRESS, or derived from RELAYER_PRIVATE_KEY. */
function relayerOf(env: ChainOpsEnv): string | null {
  if (env.RELAYER_ADDRESS) return env.RELAYER_ADDRESS;
  return env.RELAYER_PRIVATE_KEY ? new Wallet(env.RELAYER_PRIVATE_KEY).address : null;
}

/** Each URL of the failover list must answer with the network's chain id; answers the providers that do. */
async function checkRpcs(name: EvmNetwork, urls: string[], out: DoctorCheck[]): Promise<JsonRpcProvider[]> {
  const expected = EVM_NETWORKS[name].chainId;
  const healthy: JsonRpcProvider[] = [];
  for (const url of urls) {
    const provider = new JsonRpcProvider(url, expected, { staticNetwork: true });
    const host = new URL(url).host; // never print a path: providers put API keys there
    try {
      const chainId = Number(await withTimeout(provider.send('eth_chainId', []) as Promise<string>, host));
      const ok = chainId === expected;
      out.push({ check: 'rpc', network: name, ok, detail: `${host} answers chain id ${chainId}${ok ? '' : `, expected ${expected}`}` });
      if (ok) healthy.push(provider);
      else provider.destroy();
    } catch (error) {
      out.push({ check: 'rpc', network: name, ok: false, detail: `${host} does not answer: ${message(error)}` });
      provider.destroy();
    }
  }
  return healthy;
}

async function checkContracts(network: NetworkInfo, provider: JsonRpcProvider, out: DoctorCheck[]): Promise<void> {
  for (const [contract, address] of Object.entries(network.contracts)) {
    const source = codeSourceOf(contract);
    if (!source) continue; // nothing published to compare with (Tron's batch contract)
    const check = (ok: boolean, detail: string) =>
      out.push({ check: 'contract', network: network.name, ok, detail: `${contract} ${address}: ${detail}` });
    try {
      const [actual, expected] = await Promise.all([provider.getCode(address), expectedRuntimeCode(provider, source, address)]);
      if (actual === '0x') check(false, 'no code at this address');
      else if (codeHash(actual) === codeHash(expected)) check(true, `code matches ${source.origin} (${codeHash(actual)})`);
      else check(false, `code ${codeHash(actual)} differs from ${source.origin} (${codeHash(expected)})`);
    } catch (error) {
      check(false, `cannot read: ${message(error)}`);
    }
  }
}

async function checkFeeds(env: ChainOpsEnv, name: EvmNetwork, provider: JsonRpcProvider, out: DoctorCheck[]): Promise<void> {
  const book = rateFeedBook(loadLocalDeploymentFile(env, () => undefined));
  const rates = new MaxAgeRateSource(new AggregatorRateSource(book, () => provider), RATE_MAX_AGE_SECONDS);
  for (const asset of Object.keys(book[name] ?? {})) {
    try {
      const rate = await rates.usdRate(name, asset);
      const age = Math.floor(Date.now() / 1000) - rate.updatedAt;
      const value = Number(rate.answer) / 10 ** rate.decimals;
      out.push({ check: 'feed', network: name, ok: true, detail: `${asset}/USD ${value.toPrecision(6)}, updated ${age} s ago` });
    } catch (error) {
      out.push({ check: 'feed', network: name, ok: false, detail: `${asset}/USD: ${message(error)}` });
    }
  }
}

const ROLE_ABI = ['function RELAYER_ROLE() view returns (bytes32)', 'function hasRole(bytes32, address) view returns (bool)'];

async function checkRelayer(network: NetworkInfo, relayer: string, provider: JsonRpcProvider, out: DoctorCheck[]): Promise<void> {
  const proxy = network.contracts.ERC20RecurringPaymentProxy;
  if (!proxy) return;
  try {
    const [balance, fees] = await Promise.all([provider.getBalance(relayer), provider.getFeeData()]);
    const needed = (fees.maxFeePerGas ?? fees.gasPrice ?? 0n) * EXECUTION_GAS * EXECUTIONS_COVERED;
    const ok = balance > 0n && balance >= needed;
    const detail = `${relayer} holds ${formatEther(balance)}; ${EXECUTIONS_COVERED} executions need ${formatEther(needed)} at today's gas price`;
    out.push({ check: 'relayer-gas', network: network.name, ok, detail });
  } catch (error) {
    out.push({ check: 'relayer-gas', network: network.name, ok: false, detail: `${relayer}: ${message(error)}` });
  }
  try {
    const contract = new Contract(proxy, ROLE_ABI, provider);
    const role = (await contract.getFunction('RELAYER_ROLE')()) as string;
    const ok = (await contract.getFunction('hasRole')(role, relayer)) as boolean;
    out.push({ check: 'relayer-role', network: network.name, ok, detail: `${relayer} ${ok ? 'has' : 'lacks'} RELAYER_ROLE on ${proxy}` });
  } catch (error) {
    out.push({ check: 'relayer-role', network: network.name, ok: false, detail: `RELAYER_ROLE on ${proxy}: ${message(error)}` });
  }
}

/** The network `npm start` runs its anvil chain as (tools/devstack LOCAL_NETWORK). */
const LOCAL_STACK_NETWORK: EvmNetwork = 'sepolia';

/** Whether an RPC is a local anvil node (`web3_clientVersion` is `anvil/v...`). */
async function isAnvil(url: string): Promise<boolean> {
  const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true });
  try {
    return /^anvil\//i.test(String(await withTimeout(provider.send('web3_clientVersion', []) as Promise<string>, new URL(url).host)));
  } catch {
    return false;
  } finally {
    provider.destroy();
  }
}

/**
 * PAYRAIL_ENV=local without CHAIN_DEPLOYMENT_FILE, and the local network's RPC is an anvil node
 * (the chain `npm start` runs): the contracts to check are the ones `npm start` deployed there
 * (`<PAYRAIL_LOCAL_DIR or .local>/anvil/deployment.json`), not the network's published addresses,
 * which hold nothing on a fresh local chain. Sets CHAIN_DEPLOYMENT_FILE and says so in a check.
 */
async function useLocalStackDeployment(env: ChainOpsEnv, cwd: string, out: DoctorCheck[]): Promise<void> {
  const urls = configuredRpcUrls(env)[LOCAL_STACK_NETWORK];
  if (env.PAYRAIL_ENV !== 'local' || env.CHAIN_DEPLOYMENT_FILE || !urls?.[0] || !(await isAnvil(urls[0]))) return;
  const file = join(env.PAYRAIL_LOCAL_DIR ?? join(cwd, '.local'), 'anvil', 'deployment.json');
  const shown = relative(cwd, file).startsWith('..') ? file : relative(cwd, file);
  if (!existsSync(file)) {
    out.push({
      check: 'deployment',
      network: LOCAL_STACK_NETWORK,
      ok: false,
      detail: `${new URL(urls[0]).host} is a local anvil chain, but ${shown} (written by npm start) does not exist: start the platform with npm start, or set CHAIN_DEPLOYMENT_FILE`,
    });
    return;
  }
  env.CHAIN_DEPLOYMENT_FILE = file;
  out.push({
    check: 'deployment',
    network: LOCAL_STACK_NETWORK,
    ok: true,
    detail: `${new URL(urls[0]).host} is a local anvil chain: checking the local deployment of ${shown} (npm start)`,
  });
}

/** The provider keys of the env (RPC URL paths and credentials, TRON_API_KEY): never printed, even inside an error text. */
function secretsOf(env: ChainOpsEnv): string[] {
  const secrets: string[] = [];
  for (const url of Object.values(configuredRpcUrls(env)).flat()) {
    const parsed = new URL(url);
    secrets.push(
      ...[parsed.username, parsed.password, ...parsed.pathname.split('/'), parsed.search.slice(1)].filter((part) => part.length >= 8),
    );
  }
  if (env.TRON_API_KEY) secrets.push(env.TRON_API_KEY);
  return secrets.sort((a, b) => b.length - a.length);
}

/** A check's detail with every URL cut to its host and every provider key replaced. */
const redacted = (detail: string, secrets: string[]): string =>
  secrets.reduce((text, secret) => text.split(secret).join(REDACTED), scrubUrls(detail));

/**
 * Checks a configured environment, network by network (every RPC_URL_<NETWORK> set): each RPC's
 * chain id, each configured contract's code against its published bytes, each USD rate (answers,
 * fresh), and the recurring relayer's gas and role. Talks to the chains only. Against the local
 * anvil chain of `npm start` it checks that chain's deployment (useLocalStackDeployment). No
 * detail holds a URL's path or a provider key (ethers quotes the request URL in its errors).
 */
export async function runDoctor(env: ChainOpsEnv, cwd = process.cwd()): Promise<{ ok: boolean; checks: DoctorCheck[] }> {
  const checks: DoctorCheck[] = [];
  await useLocalStackDeployment(env, cwd, checks);
  const local = loadLocalDeploymentFile(env, () => undefined);
  const networks = withRecurringProxies(local ? withLocalDeployment(NETWORKS, local) : NETWORKS, env);
  const relayer = relayerOf(env);
  const configured = Object.entries(configuredRpcUrls(env)) as [EvmNetwork, string[]][];
  if (configured.length === 0) checks.push({ check: 'rpc', network: '*', ok: false, detail: 'no RPC_URL_<NETWORK> is set' });
  for (const [name, urls] of configured) {
    const providers = await checkRpcs(name, urls, checks);
    const provider = providers[0];
    if (!provider) continue; // nothing more can be checked on a chain no RPC of which is right
    await checkContracts(networks[name], provider, checks);
    await checkFeeds(env, name, provider, checks);
    if (relayer) await checkRelayer(networks[name], relayer, provider, checks);
    for (const p of providers) p.destroy();
  }
  const secrets = secretsOf(env);
  return { ok: checks.every((c) => c.ok), checks: checks.map((c) => ({ ...c, detail: redacted(c.detail, secrets) })) };
}

/** The human-readable report: one line per check. */
export function formatDoctor(report: { ok: boolean; checks: DoctorCheck[] }): string {
  const lines = report.checks.map((c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.check.padEnd(12)} ${c.network.padEnd(12)} ${c.detail}`);
  const failed = report.checks.filter((c) => !c.ok).length;
  return [...lines, failed === 0 ? `all ${report.checks.length} checks passed` : `${failed} of ${report.checks.length} checks failed`].join(
    '\n',
  );
}
