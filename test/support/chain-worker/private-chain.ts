import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Contract, JsonRpcProvider, NonceManager, Wallet, randomBytes, hexlify } from 'ethers';
import { ANVIL_ACCOUNTS, deployLocalContracts, freePort, fundAccounts, startAnvil, type LocalDeployment } from '@payrail/devstack';
import { appEnv, testStack, uniqueName } from '../stack.js';

/**
 * A private anvil with the contracts, for tests that rewind the chain (snapshots, reorgs) and
 * so must not share the suite's chain. The payer is funded; `deploymentFile` is for CHAIN_DEPLOYMENT_FILE.
 */
export async function startPrivateChain(blockTime?: number) {
  const anvil = await startAnvil({ port: await freePort(), blockTime });
  const deployment = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: ANVIL_ACCOUNTS[0].privateKey });
  await fundAccounts({
    rpcUrl: anvil.rpcUrl,
    deployerPrivateKey: ANVIL_ACCOUNTS[0].privateKey,
    deployment,
    accounts: [ANVIL_ACCOUNTS[1].address],
  });
  const deploymentFile = join(testStack().dir, `deployment-${anvil.chainId}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(deploymentFile, JSON.stringify(deployment));
  const provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { cacheTimeout: -1 });
  return { anvil, deployment, deploymentFile, provider, stop: async () => (provider.destroy(), anvil.stop()) };
}

const ERC20 = ['function approve(address spender, uint256 amount) returns (bool)', 'function balanceOf(address) view returns (uint256)'];
const FEE_PROXY = ['function transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)'];

/** Lets the ERC20FeeProxy (or `proxy`) pull `amount` of `token` from the funded payer. */
export async function approveProxy(provider: JsonRpcProvider, proxy: string, token: string, amount: bigint): Promise<void> {
  const payer = new NonceManager(new Wallet(ANVIL_ACCOUNTS[1].privateKey, provider));
  await (await (new Contract(token, ERC20, payer).getFunction('approve')(proxy, amount) as Promise<{ wait(): Promise<unknown> }>)).wait();
}

/**
 * Pays `amount` (base units) of `token` to `payee` through the ERC20FeeProxy (or `proxy`) as the
 * funded payer, after approving amount + fee unless `approved`; returns the reference and tx hash.
 */
export async function payWithReference(
  provider: JsonRpcProvider,
  deployment: LocalDeployment,
  opts: {
    token: string;
    payee: string;
    amount: bigint;
    fee?: bigint;
    feeAddress?: string;
    reference?: string;
    proxy?: string;
    approved?: boolean;
  },
): Promise<{ reference: string; txHash: string; blockNumber: number }> {
  const payer = new NonceManager(new Wallet(ANVIL_ACCOUNTS[1].privateKey, provider));
  const reference = opts.reference ?? hexlify(randomBytes(8));
  const proxy = opts.proxy ?? deployment.contracts.ERC20FeeProxy;
  const fee = opts.fee ?? 0n;
  if (!opts.approved) await approveProxy(provider, proxy, opts.token, opts.amount + fee);
  const tx = (await new Contract(proxy, FEE_PROXY, payer).getFunction('transferFromWithReferenceAndFee')(
    opts.token,
    opts.payee,
    opts.amount,
    reference,
    fee,
    opts.feeAddress ?? '0x0000000000000000000000000000000000000000',
  )) as { wait(): Promise<{ hash: string; blockNumber: number } | null> };
  const receipt = await tx.wait();
  if (!receipt) throw new Error('payment not mined');
  return { reference, txHash: receipt.hash, blockNumber: receipt.blockNumber };
}

/**
 * Environment of a chain-worker that follows the private chain's sepolia with no confirmations
 * and a 100 ms detection poll, on its own database and queue prefix (silent logs).
 */
export function privateChainWorkerEnv(
  databaseUrl: string,
  chain: Awaited<ReturnType<typeof startPrivateChain>>,
  queuePrefix: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return appEnv(databaseUrl, uniqueName(queuePrefix), {
    LOG_LEVEL: 'silent',
    RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
    CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
    CHAIN_CONFIRMATIONS: 'sepolia:0',
    DETECTION_POLL_INTERVAL_MS: '100',
    ...extra,
  });
}
