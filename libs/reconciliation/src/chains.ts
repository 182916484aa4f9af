import {
  configuredRpcUrls,
  EVM_NETWORKS,
  loadLocalDeploymentFile,
  NETWORKS,
  rpcProvider,
  withLocalDeployment,
  type EvmNetwork,
} from '@payrail/chains';
import type { ReconciliationChain } from './reconciler.js';

/**
 * The networks a reconciliation can read, from the apps' chain variables (RPC_URL_<NETWORK>,
 * CHAIN_DEPLOYMENT_FILE): each with its own provider (no response cache, no batch stall: never
 * detection's) and the fee proxies detection follows. The batch contract, the recurring proxy and
 * the deposit forwarders pay through these proxies, so their payments are among these logs.
 */
export function reconciliationChains(
  env: { PAYRAIL_ENV: string; CHAIN_DEPLOYMENT_FILE?: string },
  confirmationsFor: (network: string) => number,
  warn: (message: string) => void = () => undefined,
): Map<string, ReconciliationChain> {
  const local = loadLocalDeploymentFile(env, warn);
  const networks = local ? withLocalDeployment(NETWORKS, local) : NETWORKS;
  const out = new Map<string, ReconciliationChain>();
  for (const [name, urls] of Object.entries(configuredRpcUrls(env)) as [EvmNetwork, string[]][]) {
    const info = networks[name];
    const contracts = [info.contracts.ERC20FeeProxy, info.contracts.EthereumFeeProxy, info.contracts.Erc20ConversionProxy].filter(
      (a): a is string => !!a,
    );
    if (contracts.length === 0) continue;
    const provider = rpcProvider(urls, EVM_NETWORKS[name].chainId, { cacheTimeoutMs: -1, batchStallTimeMs: 0 });
    out.set(name, { provider, contracts, confirmations: confirmationsFor(name) });
  }
  return out;
}

/** Ends the providers' connections (a CLI run exits afterwards). */
export function closeReconciliationChains(chains: Map<string, ReconciliationChain>): void {
  for (const chain of chains.values()) chain.provider.destroy();
}
