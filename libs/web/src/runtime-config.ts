/** One network the browser may use: Payrail's network name, its chain id and the RPC the wallet config reads through. */
export interface WebNetwork {
  network: string;
  chainId: number;
  rpcUrl?: string;
}

/**
 * What the static server tells a browser app at `/config.json` (apps/web-server): where the APIs are
 * and which networks exist here. Read once at start-up, so one build runs in every environment.
 */
export interface WebRuntimeConfig {
  /** payments-api base URL as the browser reaches it; '' = same origin (through the app's proxy). */
  paymentsApiUrl: string;
  /** auth-api base URL as the browser reaches it; '' = same origin. */
  authApiUrl: string;
  /** Networks with the RPC URL the wallet config uses (e.g. the local anvil chain for `sepolia`). */
  networks: WebNetwork[];
  /** A WalletConnect Cloud project id; the WalletConnect connector exists only when it is set. */
  walletConnectProjectId?: string;
}

export async function loadRuntimeConfig(url = '/config.json'): Promise<WebRuntimeConfig> {
  const res = await fetch(url, { cache: 'no-store' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as WebRuntimeConfig;
}
