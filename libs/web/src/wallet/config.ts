import { type Chain, http, type Transport } from 'viem';
import { createConfig, type Config, type CreateConnectorFn } from 'wagmi';
import { injected, walletConnect } from 'wagmi/connectors';
import type { WebRuntimeConfig } from '../runtime-config';
import { chainOfNetwork } from './networks';

/**
 * The wagmi config both apps use. Injected wallets are discovered through EIP-6963
 * (`multiInjectedProviderDiscovery`: every wallet announcing itself with `eip6963:announceProvider`
 * becomes a connector), with the legacy `window.ethereum` as a fallback connector. A WalletConnect
 * connector exists only when the runtime config carries a project id. Each chain reads through the
 * RPC URL the runtime config gives for its network (the local anvil chain in the devstack).
 */
export function createWalletConfig(runtime: Pick<WebRuntimeConfig, 'networks' | 'walletConnectProjectId'>): Config {
  const chains: Chain[] = [];
  const transports: Record<number, Transport> = {};
  for (const n of runtime.networks) {
    const known = chainOfNetwork(n.network);
    if (!known || known.id !== n.chainId) continue;
    const chain: Chain = n.rpcUrl ? { ...known, rpcUrls: { default: { http: [n.rpcUrl] } } } : known;
    chains.push(chain);
    transports[chain.id] = http(n.rpcUrl);
  }
  if (chains.length === 0) throw new Error('the runtime config names no EVM network this app knows');
  const connectors: CreateConnectorFn[] = [injected({ shimDisconnect: true })];
  if (runtime.walletConnectProjectId) connectors.push(walletConnect({ projectId: runtime.walletConnectProjectId, showQrModal: true }));
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    transports,
    connectors,
    multiInjectedProviderDiscovery: true,
  });
}
