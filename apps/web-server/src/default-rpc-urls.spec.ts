import { arbitrum, base, bsc, mainnet, optimism, polygon, sepolia } from 'viem/chains';
import { DEFAULT_RPC_URLS } from './default-rpc-urls.js';
import { WEB_SERVER_ENV_DEFAULTS } from './web-server-env.js';

describe('DEFAULT_RPC_URLS', () => {
  it("equals viem's default RPC of every chain libs/web maps (regenerate it after a viem upgrade that changes one)", () => {
    const chains = [mainnet, base, optimism, arbitrum, polygon, bsc, sepolia];
    expect(DEFAULT_RPC_URLS).toEqual(Object.fromEntries(chains.map((c) => [c.id, c.rpcUrls.default.http[0]])));
  });

  it('covers every chain of the default WEB_NETWORKS', () => {
    const ids = WEB_SERVER_ENV_DEFAULTS.WEB_NETWORKS.split(',').map((entry) => Number(entry.split(':')[1]));
    expect(ids.filter((id) => DEFAULT_RPC_URLS[id] === undefined)).toEqual([]);
  });
});
