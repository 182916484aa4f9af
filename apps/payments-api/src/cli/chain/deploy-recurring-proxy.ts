import { AbiCoder, concat, getAddress, getCreate2Address, id, Interface, JsonRpcProvider, keccak256, NonceManager, Wallet } from 'ethers';
import {
  EVM_NETWORK_NAMES,
  EVM_NETWORKS,
  type EvmNetwork,
  loadLocalDeploymentFile,
  NETWORKS,
  parseEvmAddress,
  recurringProxyConfigLine,
  withLocalDeployment,
} from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import type { ChainOpsEnv } from './chain-ops.env.js';
import { codeHash, expectedRuntimeCode, recurringProxySource } from './expected-code.js';

/** The standard deterministic deployment proxy (Arachnid's), at the same address on every chain that has it. */
export const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
/** The default CREATE2 salt: with the same constructor arguments, the same address on every network. */
export const DEFAULT_SALT = id('payrail:ERC20RecurringPaymentProxy:v1');

export interface DeployOptions {
  network: string;
  rpcUrl?: string;
  owner?: string;
  relayer?: string;
  feeProxy?: string;
  salt?: string;
}

export interface DeployResult {
  network: string;
  address: string;
  status: 'deployed' | 'already-deployed';
  transactionHash: string | null;
  owner: string;
  relayer: string;
  erc20FeeProxy: string;
  salt: string;
  codeHash: string;
  configLine: string;
}

const invalid = (field: string, text: string) => new PayrailError('VALIDATION_FAILED', text, { fields: [{ field, message: text }] });

function address(field: string, value: string | undefined): string {
  const parsed = value === undefined ? null : parseEvmAddress(value);
  if (!parsed) throw invalid(field, `--${field} must be an EVM address (EIP-55 checksum)`);
  return parsed;
}

/**
 * Deploys this project's ERC20RecurringPaymentProxy (constructor: owner, relayer, ERC20FeeProxy)
 * through the deterministic deployment proxy with CREATE2, so the address follows from the
 * arguments and the salt alone. Already there: verifies the code and says so. Either way the code
 * is compared with contracts/build, and the configuration line to use is returned.
 */
export async function deployRecurringProxy(env: ChainOpsEnv, opts: DeployOptions): Promise<DeployResult> {
  if (!EVM_NETWORK_NAMES.includes(opts.network as EvmNetwork))
    throw invalid('network', `--network must be one of ${EVM_NETWORK_NAMES.join(', ')}`);
  const network = opts.network as EvmNetwork;
  if (!env.DEPLOYER_PRIVATE_KEY)
    throw invalid('DEPLOYER_PRIVATE_KEY', 'DEPLOYER_PRIVATE_KEY (environment) is required: the key that pays for the deployment');
  const rpcUrl = opts.rpcUrl ?? env[EVM_NETWORKS[network].rpcEnv as keyof ChainOpsEnv]?.[0];
  if (typeof rpcUrl !== 'string') throw invalid('rpc-url', `--rpc-url or ${EVM_NETWORKS[network].rpcEnv} is required`);
  const local = loadLocalDeploymentFile(env, () => undefined);
  const networks = local ? withLocalDeployment(NETWORKS, local) : NETWORKS;
  const chainId = EVM_NETWORKS[network].chainId;
  const salt = opts.salt ?? DEFAULT_SALT;
  if (!/^0x[0-9a-fA-F]{64}$/.test(salt)) throw invalid('salt', '--salt must be 0x + 64 hex');

  const provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true, cacheTimeout: -1 });
  try {
    const answered = Number(await provider.send('eth_chainId', []));
    if (answered !== chainId) throw invalid('rpc-url', `the RPC answers chain id ${answered}, not ${network}'s ${chainId}`);
    if ((await provider.getCode(DETERMINISTIC_DEPLOYER)) === '0x') {
      throw new PayrailError('DEPENDENCY_UNAVAILABLE', `${network} has no deterministic deployment proxy at ${DETERMINISTIC_DEPLOYER}`);
    }
    const deployer = new NonceManager(new Wallet(env.DEPLOYER_PRIVATE_KEY, provider));
    const owner = address('owner', opts.owner ?? (await deployer.getAddress()));
    const relayer = address('relayer', opts.relayer ?? (env.RELAYER_PRIVATE_KEY ? new Wallet(env.RELAYER_PRIVATE_KEY).address : undefined));
    const erc20FeeProxy = address('fee-proxy', opts.feeProxy ?? networks[network].contracts.ERC20FeeProxy);

    const source = recurringProxySource();
    const args = AbiCoder.defaultAbiCoder().encode(
      new Interface(source.abi).deploy.inputs.map((i) => i.type),
      [owner, relayer, erc20FeeProxy],
    );
    const initCode = concat([source.bytecode, args]);
    const target = getAddress(getCreate2Address(DETERMINISTIC_DEPLOYER, salt, keccak256(initCode)));
    let transactionHash: string | null = null;
    if ((await provider.getCode(target)) === '0x') {
      const tx = await deployer.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data: concat([salt, initCode]) });
      const receipt = await tx.wait();
      if (!receipt || receipt.status !== 1) throw new PayrailError('DEPENDENCY_UNAVAILABLE', `deployment transaction ${tx.hash} failed`);
      transactionHash = tx.hash;
    }
    const [actual, expected] = await Promise.all([provider.getCode(target), expectedRuntimeCode(provider, source, target)]);
    if (actual === '0x' || codeHash(actual) !== codeHash(expected)) {
      throw new PayrailError(
        'CONFLICT',
        `${target} holds code ${codeHash(actual)}, not this project's recurring proxy (${codeHash(expected)})`,
      );
    }
    return {
      network,
      address: target,
      status: transactionHash ? 'deployed' : 'already-deployed',
      transactionHash,
      owner,
      relayer,
      erc20FeeProxy,
      salt,
      codeHash: codeHash(actual),
      configLine: recurringProxyConfigLine(env.RECURRING_PROXY_ADDRESSES, network, target),
    };
  } finally {
    provider.destroy();
  }
}
