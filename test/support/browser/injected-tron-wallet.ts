import { tronToEvmAddress } from '@payrail/domain';
import { Interface } from 'ethers';
import type { Page } from 'playwright-core';
import { signTronTransaction, type TronWebTransaction, unsignedTronCall } from '../fake-trongrid.js';

export interface TronWalletCall {
  method: string;
  args: unknown;
}

export interface InjectedTronWallet {
  /** Everything the page asked the wallet to do, in order (kept in the test process). */
  calls: TronWalletCall[];
  callsOf(method: string): TronWalletCall[];
}

interface TronGlobals {
  tronLink?: unknown;
  tronWeb?: unknown;
  __payrailRecordTronCall(method: string, args: unknown): Promise<void>;
  __payrailSignTronMessage(message: string): Promise<string>;
  __payrailBuildTronCall(
    contract: string,
    selector: string,
    options: { feeLimit: number },
    parameters: unknown,
    issuer: string,
  ): Promise<unknown>;
  __payrailSignTronTransaction(transaction: unknown): Promise<unknown>;
  addEventListener(type: string, listener: () => void): void;
  dispatchEvent(event: unknown): boolean;
  CustomEvent: new (type: string, init: { detail: unknown }) => unknown;
}

/** Signs a message in the test process (e.g. tronweb's `Trx.signMessageV2` with a test key); throwing is the wallet refusing. */
export type TronMessageSigner = (message: string) => string | Promise<string>;

/**
 * A TronLink-like wallet in the page before its scripts run: announced through TIP-6963
 * (`TIP6963:announceProvider`, name "TronLink", as TronLink does) and set as `window.tronLink` /
 * `window.tronWeb`. It answers `eth_requestAccounts` with `address`, and its TronWeb records what
 * it is asked: `triggerSmartContract` (contract, selector, options, parameters, issuer), `sign` (the
 * transaction it was asked to sign) and `sendRawTransaction`, answering a deterministic txid per
 * call and `getTransactionInfo` as mined; `signMessageV2` (the message) is answered by `signMessage`
 * in the test process, or refused without one. Nothing reaches a Tron network.
 */
export async function injectTronWallet(
  page: Page,
  address: string,
  signMessage?: TronMessageSigner,
  /** With a key (whose account is `address`): real transactions, built and signed in the test process, as TronWeb and TronLink make them. */
  privateKey?: string,
): Promise<InjectedTronWallet> {
  const calls: TronWalletCall[] = [];
  let built = 0;
  await page.exposeFunction(
    '__payrailBuildTronCall',
    (contract: string, selector: string, options: { feeLimit: number }, parameters: { type: string; value: string }[], issuer: string) => {
      if (!privateKey) return null;
      built += 1;
      const values = parameters.map((p) => (p.type === 'address' ? tronToEvmAddress(p.value) : p.value));
      const data = new Interface([`function ${selector}`]).encodeFunctionData(selector.split('(')[0], values);
      return unsignedTronCall(issuer, { contract, data, feeLimit: options.feeLimit, timestamp: 1_790_000_000_000 + built });
    },
  );
  await page.exposeFunction('__payrailSignTronTransaction', (transaction: TronWebTransaction) =>
    privateKey ? signTronTransaction(privateKey, transaction) : null,
  );
  await page.exposeFunction('__payrailRecordTronCall', (method: string, args: unknown) => {
    calls.push({ method, args });
  });
  await page.exposeFunction('__payrailSignTronMessage', async (message: string) => {
    if (!signMessage) throw new Error('this test wallet signs no messages');
    return signMessage(message);
  });
  await page.addInitScript(tronWalletScript, { address, uuid: crypto.randomUUID() });
  return { calls, callsOf: (method) => calls.filter((c) => c.method === method) };
}

/** Runs inside the page (serialized by Playwright). */
function tronWalletScript(opts: { address: string; uuid: string }): void {
  const w = globalThis as unknown as TronGlobals;
  const record = (method: string, args: unknown) => void w.__payrailRecordTronCall(method, args);
  let built = 0;
  const txid = (n: number) => n.toString(16).padStart(2, '0').repeat(32);
  const tronWeb = {
    defaultAddress: { base58: opts.address, hex: false },
    transactionBuilder: {
      triggerSmartContract(contract: string, selector: string, options: unknown, parameters: unknown, issuer: string) {
        built += 1;
        record('triggerSmartContract', { contract, selector, options, parameters, issuer });
        return w.__payrailBuildTronCall(contract, selector, options as { feeLimit: number }, parameters, issuer).then((real) => ({
          result: { result: true },
          transaction: real ?? { txID: txid(built), raw_data: { contract, selector, parameters } },
        }));
      },
    },
    trx: {
      signMessageV2(message: string) {
        record('signMessageV2', message);
        return w.__payrailSignTronMessage(message);
      },
      sign(transaction: { txID: string }) {
        record('sign', transaction);
        return w
          .__payrailSignTronTransaction(transaction)
          .then((real) => real ?? { ...transaction, signature: [`signed-${transaction.txID}`] });
      },
      sendRawTransaction(signed: { txID: string }) {
        record('sendRawTransaction', signed);
        return Promise.resolve({ result: true, txid: signed.txID });
      },
      getTransactionInfo(id: string) {
        record('getTransactionInfo', id);
        return Promise.resolve({ id, blockNumber: 1, receipt: { result: 'SUCCESS' } });
      },
    },
  };
  const provider = {
    isTronLink: true,
    ready: true,
    tronWeb,
    request(args: { method: string; params?: unknown }) {
      record(args.method, args.params ?? null);
      if (args.method === 'eth_requestAccounts' || args.method === 'tron_requestAccounts') return Promise.resolve([opts.address]);
      return Promise.reject(Object.assign(new Error(`unsupported ${args.method}`), { code: 4200 }));
    },
    on() {
      return provider;
    },
    removeListener() {
      return provider;
    },
  };
  w.tronLink = provider;
  w.tronWeb = tronWeb;
  const icon = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'><rect width='1' height='1'/></svg>";
  const detail = Object.freeze({
    info: Object.freeze({ uuid: opts.uuid, name: 'TronLink', icon, rdns: 'test.payrail.tronlink' }),
    provider,
  });
  const announce = () => w.dispatchEvent(new w.CustomEvent('TIP6963:announceProvider', { detail }));
  w.addEventListener('TIP6963:requestProvider', announce);
  announce();
}
