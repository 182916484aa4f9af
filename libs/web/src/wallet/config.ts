import { type Chain, http, type Transport } from 'viem';
import { createConfig, type Config, type CreateConnectorFn, injected } from 'wagmi';
import { getConnection, reconnect } from 'wagmi/actions';
import type { WebRuntimeConfig } from '../runtime-config';
import { chainOfNetwork } from './networks';

/**
 * The wagmi config both apps use. Injected wallets are discovered through EIP-6963
 * (`multiInjectedProviderDiscovery`: every wallet announcing itself with `eip6963:announceProvider`
 * becomes a connector), with the legacy `window.ethereum` as a fallback connector. A WalletConnect
 * connector is added by `addWalletConnect`, after the first render and only when the runtime config
 * carries a project id (its code is a chunk of its own). Each chain reads through the
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
  return createConfig({
    chains: chains as [Chain, ...Chain[]],
    transports,
    connectors: [injected({ shimDisconnect: true })],
    multiInjectedProviderDiscovery: true,
  });
}

/** wagmi's WalletConnect connector factory, as `addWalletConnect` uses it. */
export type WalletConnectFactory = (parameters: { projectId: string; showQrModal: boolean }) => CreateConnectorFn;

/**
 * Adds the WalletConnect connector to `config` when the runtime config has a project id (else does
 * nothing and downloads nothing). wagmi's connectors (and, on first use, the WalletConnect SDK the
 * connector imports itself) are loaded here with a dynamic import, so a payer of a platform without
 * WalletConnect never downloads them and one with it gets the page first and the option a moment
 * later. The connector joins the config as EIP-6963 wallets do (wagmi's connector store), so
 * `useConnectors` shows it as soon as it is there.
 *
 * WagmiProvider's reconnect ran at mount, before this connector existed, so a WalletConnect session
 * of an earlier page load (wagmi's `recentConnectorId` in storage) would stay disconnected after a
 * reload: it is reconnected here, through this connector only. `load` is for tests.
 */
export async function addWalletConnect(
  config: Config,
  runtime: Pick<WebRuntimeConfig, 'walletConnectProjectId'>,
  load: () => Promise<WalletConnectFactory> = async () => (await import('wagmi/connectors')).walletConnect,
): Promise<void> {
  const projectId = runtime.walletConnectProjectId;
  if (!projectId) return;
  const walletConnect = await load();
  const connectors = config._internal.connectors;
  const connector = connectors.setup(walletConnect({ projectId, showQrModal: true }));
  connectors.setState((current) => [...current, connector]);
  if (getConnection(config).status === 'connected') return;
  const recent = await config.storage?.getItem('recentConnectorId');
  if (recent === connector.id) await reconnect(config, { connectors: [connector] });
}
