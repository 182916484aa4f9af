import { AbiCoder } from 'ethers';
import { isTronAddress, tronToEvmAddress } from '@payrail/domain';
import type { FetchJson } from './trongrid-events.js';

/** A Tron account's balances as TronGrid reports them: TRX in SUN, each TRC-20 by base58 contract. */
export interface TronAccountBalances {
  /** False for an address TronGrid does not know (never activated): every balance is then zero. */
  known: boolean;
  trx: bigint;
  trc20: ReadonlyMap<string, bigint>;
}

/** What a Tron payout needs to know about its payer for one TRC-20 token. */
export interface TronPayerBalances {
  known: boolean;
  /** TRX in SUN: what energy and bandwidth burn when the account has none staked or rented. */
  trx: bigint;
  tokenBalance: bigint;
  /** The payer's allowance to the spender (the Tron ERC20FeeProxy). */
  allowance: bigint;
}

interface TronGridAccount {
  balance?: number | string;
  trc20?: Record<string, string>[];
}

interface TronGridAccountPage {
  success?: boolean;
  data?: TronGridAccount[];
}

interface ConstantCallAnswer {
  result?: { result?: boolean; code?: string; message?: string };
  constant_result?: string[];
}

/**
 * The answer of TronGrid's `GET /v1/accounts/{address}`: `data` holds the account (`balance` in
 * SUN, absent when zero; `trc20` as a list of one-entry `{contract: "balance"}` objects), or
 * nothing for an address the chain does not know, which is a zero balance rather than an error.
 */
export function decodeTronGridAccount(body: unknown): TronAccountBalances {
  const page = body as TronGridAccountPage;
  if (page?.success !== true || !Array.isArray(page.data)) throw new Error('TronGrid answered an unexpected account page');
  const account = page.data[0];
  if (!account) return { known: false, trx: 0n, trc20: new Map() };
  const trc20 = new Map<string, bigint>();
  for (const entry of account.trc20 ?? []) {
    for (const [contract, balance] of Object.entries(entry)) trc20.set(contract, (trc20.get(contract) ?? 0n) + BigInt(balance));
  }
  return { known: true, trx: BigInt(account.balance ?? 0), trc20 };
}

const ALLOWANCE_SELECTOR = 'allowance(address,address)';

/** The uint256 a constant call (`triggerconstantcontract`) returned; throws when the node refused or the call reverted. */
export function decodeConstantUint(body: unknown): bigint {
  const answer = body as ConstantCallAnswer;
  const word = answer?.constant_result?.[0];
  if (answer?.result?.result !== true || !word || !/^[0-9a-fA-F]{64}$/.test(word)) {
    const why = answer?.result?.message
      ? Buffer.from(answer.result.message, 'hex').toString('utf8')
      : (answer?.result?.code ?? 'no result');
    throw new Error(`TronGrid constant call failed: ${why}`);
  }
  return BigInt(`0x${word}`);
}

/**
 * Reads Tron accounts through a TronGrid-compatible API (the same `fetchJson` as detection):
 * balances from `GET /v1/accounts/{address}` (TRX and every TRC-20 in one answer), an allowance
 * from the full node's `POST /wallet/triggerconstantcontract` (TronGrid's account answer has no
 * allowances). Both read the latest block, like the EVM side's `latest`.
 */
export class TronGridAccountReader {
  constructor(
    private readonly apiUrl: string,
    private readonly fetchJson: FetchJson,
  ) {}

  private url(path: string): string {
    return `${this.apiUrl.replace(/\/$/, '')}${path}`;
  }

  async balances(address: string): Promise<TronAccountBalances> {
    if (!isTronAddress(address)) throw new Error(`Not a valid Tron address: ${String(address)}`);
    return decodeTronGridAccount(await this.fetchJson(this.url(`/v1/accounts/${address}`)));
  }

  /** `token.allowance(owner, spender)`, all base58. */
  async allowance(token: string, owner: string, spender: string): Promise<bigint> {
    const parameter = AbiCoder.defaultAbiCoder().encode(['address', 'address'], [tronToEvmAddress(owner), tronToEvmAddress(spender)]);
    const body = await this.fetchJson(this.url('/wallet/triggerconstantcontract'), {
      owner_address: owner,
      contract_address: token,
      function_selector: ALLOWANCE_SELECTOR,
      parameter: parameter.slice(2),
      visible: true,
    });
    return decodeConstantUint(body);
  }

  /**
   * The payer's TRX, token balance and allowance to `spender`: the account and the allowance are
   * asked at once (two HTTP requests, one round trip of latency). An account TronGrid does not
   * know has approved nothing, whatever the constant call answered about it.
   */
  async payer(payer: string, token: string, spender: string): Promise<TronPayerBalances> {
    const [account, allowance] = await Promise.allSettled([this.balances(payer), this.allowance(token, payer, spender)]);
    if (account.status === 'rejected') throw account.reason;
    const { known, trx, trc20 } = account.value;
    if (!known) return { known, trx: 0n, tokenBalance: 0n, allowance: 0n };
    if (allowance.status === 'rejected') throw allowance.reason;
    return { known, trx, tokenBalance: trc20.get(token) ?? 0n, allowance: allowance.value };
  }
}
