import { DEFAULT_RPC_URLS } from './default-rpc-urls.js';
import { connectSources } from './security-headers.js';

describe('connectSources (the Content-Security-Policy connect-src of a browser app)', () => {
  const base = { paymentsApiUrl: '', authApiUrl: '', networks: [] };

  it('allows only its own origin when the APIs are same-origin and no network is configured', () => {
    expect(connectSources(base)).toEqual(["'self'"]);
  });

  it('adds the public API bases and configured RPC URLs as origins, without their paths or duplicates', () => {
    const sources = connectSources({
      paymentsApiUrl: 'https://api.payrail.example/',
      authApiUrl: 'https://auth.payrail.example',
      networks: [
        { network: 'base', chainId: 8453, rpcUrl: 'https://rpc.example.com/v1/secret-key' },
        { network: 'optimism', chainId: 10, rpcUrl: 'https://rpc.example.com/v1/other-key' },
      ],
    });
    expect(sources).toEqual(["'self'", 'https://api.payrail.example', 'https://auth.payrail.example', 'https://rpc.example.com']);
  });

  it("uses viem's default RPC of a network configured without one (the transport the wallet config then reads through)", () => {
    const sources = connectSources({
      ...base,
      networks: [
        { network: 'mainnet', chainId: 1 },
        { network: 'base', chainId: 8453 },
      ],
    });
    expect(sources).toEqual(["'self'", new URL(DEFAULT_RPC_URLS[1]).origin, new URL(DEFAULT_RPC_URLS[8453]).origin]);
  });

  it('adds the WalletConnect relay only when a project id is configured', () => {
    expect(connectSources(base).some((s) => s.includes('walletconnect'))).toBe(false);
    expect(connectSources({ ...base, walletConnectProjectId: 'abc' })).toEqual(
      expect.arrayContaining(['wss://relay.walletconnect.com', 'https://*.walletconnect.org']),
    );
  });
});
