import { WEB_SERVER_ENV_DEFAULTS, parseWebServerEnv } from './web-server-env.js';

describe('parseWebServerEnv', () => {
  it('reads exactly the variables WEB_SERVER_ENV_DEFAULTS declares (the list the deployment files are checked against)', () => {
    const read = new Set<string>();
    const given: NodeJS.ProcessEnv = { WEB_APP: 'dashboard', PAYMENTS_API_UPSTREAM: 'http://p:8080', AUTH_API_UPSTREAM: 'http://a:8081' };
    const env = new Proxy(given, {
      get: (target, name) => {
        if (typeof name === 'string') read.add(name);
        return typeof name === 'string' ? target[name] : undefined;
      },
    });
    parseWebServerEnv(env);
    expect([...read].sort()).toEqual(Object.keys(WEB_SERVER_ENV_DEFAULTS).sort());
  });

  it('treats empty values as unset, like the ConfigMaps do', () => {
    const env = Object.fromEntries(Object.keys(WEB_SERVER_ENV_DEFAULTS).map((name) => [name, '']));
    const parsed = parseWebServerEnv({ ...env, WEB_APP: 'payment-page' });
    expect(parsed).toMatchObject({ app: 'payment-page', port: 8090, root: undefined, proxy: undefined });
    expect(parsed.config.paymentsApiUrl).toBe('');
    expect(parsed.config.walletConnectProjectId).toBeUndefined();
    expect(parsed.config.networks.map((n) => n.network)).toEqual([
      'mainnet',
      'base',
      'optimism',
      'arbitrum-one',
      'matic',
      'bsc',
      'sepolia',
    ]);
  });

  it('parses networks with and without an RPC URL (whose own colons stay in it)', () => {
    const parsed = parseWebServerEnv({ WEB_APP: 'payment-page', WEB_NETWORKS: 'sepolia:11155111:http://localhost:8545, base:8453' });
    expect(parsed.config.networks).toEqual([
      { network: 'sepolia', chainId: 11155111, rpcUrl: 'http://localhost:8545' },
      { network: 'base', chainId: 8453, rpcUrl: undefined },
    ]);
  });

  it.each([
    [{ WEB_APP: 'admin' }, /WEB_APP must be one of payment-page, dashboard/],
    [{ WEB_APP: 'dashboard', PORT: '70000' }, /PORT must be a port number/],
    [{ WEB_APP: 'dashboard', PAYMENTS_API_UPSTREAM: 'http://p:8080' }, /set together or not at all/],
    [{ WEB_APP: 'dashboard', PUBLIC_PAYMENTS_API_URL: 'api.example' }, /PUBLIC_PAYMENTS_API_URL must be an absolute URL/],
    [{ WEB_APP: 'dashboard', WEB_NETWORKS: 'base' }, /WEB_NETWORKS entry 'base' is not network:chainId/],
  ])('refuses %j at boot naming the variable', (env, message) => {
    expect(() => parseWebServerEnv(env)).toThrow(message);
  });
});
