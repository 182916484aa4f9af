import { http } from 'viem';
import { sepolia } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { createConfig, createConnector, createStorage } from 'wagmi';
import { getConnection } from 'wagmi/actions';
import { addWalletConnect, type WalletConnectFactory } from './config';

const ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/**
 * A WalletConnect-shaped connector whose remote wallet still holds the session of an earlier page
 * load (the relay and the SDK are what is replaced: there is no network here). It counts connections.
 */
function rememberedSession(): { factory: WalletConnectFactory; connects: { reconnecting: boolean }[] } {
  const connects: { reconnecting: boolean }[] = [];
  const factory: WalletConnectFactory = () =>
    createConnector(() => ({
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'walletConnect',
      connect(parameters) {
        connects.push({ reconnecting: Boolean(parameters?.isReconnecting) });
        // connect's answer type depends on a withCapabilities flag this connector never sees
        return Promise.resolve({ accounts: [ADDRESS], chainId: sepolia.id } as never);
      },
      async disconnect() {},
      getAccounts: () => Promise.resolve([ADDRESS] as const),
      getChainId: () => Promise.resolve(sepolia.id),
      getProvider: () => Promise.resolve({ request: () => Promise.resolve(null) }),
      isAuthorized: () => Promise.resolve(true),
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {},
    }));
  return { factory, connects };
}

/** A config as createWalletConfig makes it, over storage holding what the last page load left (`recentConnectorId`). */
function configAfterReload(recent: string | null) {
  const items = new Map<string, string>();
  const storage = createStorage({
    storage: { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v), removeItem: (k) => void items.delete(k) },
  });
  if (recent) items.set('wagmi.recentConnectorId', JSON.stringify(recent));
  return createConfig({ chains: [sepolia], transports: { [sepolia.id]: http() }, storage, multiInjectedProviderDiscovery: false });
}

describe('addWalletConnect', () => {
  it('reconnects a WalletConnect session of the previous page load once its connector exists, without a new prompt', async () => {
    const config = configAfterReload('walletConnect');
    const wc = rememberedSession();
    await addWalletConnect(config, { walletConnectProjectId: 'project' }, () => Promise.resolve(wc.factory));
    expect(config.connectors.map((c) => c.id)).toContain('walletConnect');
    expect(wc.connects).toEqual([{ reconnecting: true }]);
    const connection = getConnection(config);
    expect(connection.status).toBe('connected');
    expect(connection.address).toBe(ADDRESS);
  });

  it('leaves the wallet disconnected when the last connection was another wallet, and adds nothing without a project id', async () => {
    const config = configAfterReload('io.metamask');
    const wc = rememberedSession();
    await addWalletConnect(config, { walletConnectProjectId: 'project' }, () => Promise.resolve(wc.factory));
    expect(wc.connects).toEqual([]);
    expect(getConnection(config).status).toBe('disconnected');

    const none = configAfterReload('walletConnect');
    await addWalletConnect(none, {}, () => Promise.resolve(rememberedSession().factory));
    expect(none.connectors.map((c) => c.id)).not.toContain('walletConnect');
  });
});
