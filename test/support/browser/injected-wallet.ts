import type { Page } from 'playwright-core';

export interface WalletCall {
  method: string;
  params: unknown;
}

export interface InjectedWalletOptions {
  rpcUrl: string;
  chainId: number;
  /** An anvil account (unlocked there): what eth_requestAccounts answers and what signs. */
  account: string;
  /** EIP-6963 display name; default "Payrail Test Wallet". */
  name?: string;
  /**
   * Keep the site connected across page loads, as MetaMask or Rabby do until the user disconnects
   * it (the grant lives in the test process, not in the page). Default: forgotten at each load.
   */
  rememberSite?: boolean;
}

export interface InjectedWallet {
  /** Every request the page made to the wallet, in order (kept in the test process, so navigations keep them). */
  calls: WalletCall[];
  /** The calls of one method. */
  callsOf(method: string): WalletCall[];
}

/**
 * An EIP-1193 wallet in the page before any of its scripts run: set as `window.ethereum` and
 * announced through EIP-6963 (`eip6963:announceProvider`, again on every `eip6963:requestProvider`).
 * Accounts, chain id and chain switching are answered here; every other call (eth_sendTransaction,
 * personal_sign, eth_signTypedData_v4, reads) is forwarded to anvil's JSON-RPC, whose default
 * accounts are unlocked and which answers CORS, so no private key enters the page.
 */
export async function injectWallet(page: Page, opts: InjectedWalletOptions): Promise<InjectedWallet> {
  const calls: WalletCall[] = [];
  let granted = false;
  await page.exposeFunction('__payrailRecordWalletCall', (method: string, params: unknown) => {
    calls.push({ method, params });
  });
  // The site's grant as the wallet keeps it: `grant` true or false sets it; null reads it.
  await page.exposeFunction('__payrailWalletSiteGrant', (grant: boolean | null) => {
    if (opts.rememberSite && grant !== null) granted = grant;
    return Boolean(opts.rememberSite) && granted;
  });
  await page.addInitScript(walletScript, { ...opts, name: opts.name ?? 'Payrail Test Wallet', uuid: crypto.randomUUID() });
  return { calls, callsOf: (method) => calls.filter((c) => c.method === method) };
}

interface ScriptOptions extends InjectedWalletOptions {
  name: string;
  uuid: string;
}

type Listener = (payload: unknown) => void;
interface PageGlobals {
  ethereum?: unknown;
  __payrailRecordWalletCall(method: string, params: unknown): Promise<void>;
  __payrailWalletSiteGrant(grant: boolean | null): Promise<boolean>;
  addEventListener(type: string, listener: () => void): void;
  dispatchEvent(event: unknown): boolean;
  CustomEvent: new (type: string, init: { detail: unknown }) => unknown;
}

/** Runs inside the page (serialized by Playwright): no closure over test-process variables. */
function walletScript(opts: ScriptOptions): void {
  const w = globalThis as unknown as PageGlobals;
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach((fn) => fn(payload));
  const account = opts.account.toLowerCase();
  let rpcId = 0;
  let connected = false;
  const rpc = async (method: string, params: unknown): Promise<unknown> => {
    const res = await fetch(opts.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    });
    const body = (await res.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
    return body.result;
  };
  const hexChainId = `0x${opts.chainId.toString(16)}`;
  const provider = {
    isPayrailTestWallet: true,
    async request(args: { method: string; params?: unknown }): Promise<unknown> {
      const { method, params } = args;
      void w.__payrailRecordWalletCall(method, params ?? null);
      // A site granted on an earlier load (rememberSite) is connected from the start of this one.
      if (!connected && method !== 'wallet_revokePermissions') connected = await w.__payrailWalletSiteGrant(null);
      switch (method) {
        case 'eth_requestAccounts':
        case 'wallet_requestPermissions':
          connected = true;
          await w.__payrailWalletSiteGrant(true);
          return method === 'eth_requestAccounts' ? [account] : [{ parentCapability: 'eth_accounts' }];
        case 'eth_accounts':
          // Like a real wallet: no account for a site the user has not connected (this page load, or an earlier one with rememberSite).
          return connected ? [account] : [];
        case 'eth_chainId':
          return hexChainId;
        case 'net_version':
          return String(opts.chainId);
        case 'wallet_getPermissions':
          return connected ? [{ parentCapability: 'eth_accounts' }] : [];
        case 'wallet_revokePermissions':
          connected = false;
          await w.__payrailWalletSiteGrant(false);
          return null;
        case 'wallet_switchEthereumChain': {
          const wanted = (params as [{ chainId: string }])[0]?.chainId;
          if (wanted?.toLowerCase() !== hexChainId) {
            throw Object.assign(new Error(`Unrecognized chain ID ${wanted}`), { code: 4902 });
          }
          emit('chainChanged', hexChainId);
          return null;
        }
        case 'wallet_addEthereumChain':
          return null;
        default:
          return rpc(method, params);
      }
    },
    on(event: string, fn: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(fn);
      return provider;
    },
    removeListener(event: string, fn: Listener) {
      listeners.get(event)?.delete(fn);
      return provider;
    },
  };
  w.ethereum = provider;
  const icon = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><rect width='1' height='1'/></svg>";
  const detail = Object.freeze({ info: Object.freeze({ uuid: opts.uuid, name: opts.name, icon, rdns: 'test.payrail.wallet' }), provider });
  const announce = () => w.dispatchEvent(new w.CustomEvent('eip6963:announceProvider', { detail }));
  w.addEventListener('eip6963:requestProvider', announce);
  announce();
}
