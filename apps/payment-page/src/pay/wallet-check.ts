import type { PaymentRecord, PageCalls, PayAnswer, PayerContext } from '../api';
import { ApiError } from '@payrail/web';
import { fundsOf } from './steps';

/** A state that stops the payer from paying with this wallet (each has its own screen). */
export type Blocked =
  | { kind: 'not_allowed'; reason: string }
  | { kind: 'kyt_pending' }
  | { kind: 'kyt_rejected' }
  | { kind: 'rpc_unavailable' }
  | { kind: 'closed' };

export type WalletCheck = { blocked: Blocked } | { blocked?: undefined; record: PaymentRecord; answer: PayAnswer; payer: PayerContext };

const decisionOf = (record: PaymentRecord) => ('accessDecision' in record ? record.accessDecision : undefined);

/**
 * What the connected wallet may do here: the record read for it (its paymentOptions), and the
 * transactions that pay (GET .../pay). When the link has an access policy (the API says
 * `wallet_not_proven`, or refuses the typed-in wallet with 403) the wallet proves it owns the
 * address (one personal_sign, `prove`) and the page asks again, so the API checks its allowlist
 * and screening for real (and records a refusal) and unmasks the payee. 403 = not allowed,
 * 503 = the network's RPC is down, 409 = the payment closed meanwhile (the page reloads the record).
 */
export async function checkWallet(calls: PageCalls, wallet: string, prove: () => Promise<PayerContext['proof']>): Promise<WalletCheck> {
  try {
    try {
      return await attempt(calls, { wallet });
    } catch (error) {
      if (error !== NEEDS_PROOF && !(error instanceof ApiError && error.status === 403)) throw error;
      return await attempt(calls, { wallet, proof: await prove() });
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 403) return { blocked: { kind: 'not_allowed', reason: error.message.replace(/\.$/, '') } };
    if (error.status === 503) return { blocked: { kind: 'rpc_unavailable' } };
    if (error.status === 409) return { blocked: { kind: 'closed' } };
    throw error;
  }
}

const NEEDS_PROOF = new Error('the wallet must prove it owns the address');

async function attempt(calls: PageCalls, payer: PayerContext): Promise<WalletCheck> {
  const record = await calls.record(payer);
  const decision = decisionOf(record);
  if (!payer.proof && decision?.reason === 'wallet_not_proven') throw NEEDS_PROOF;
  if (decision?.reason === 'screening_rejected') return { blocked: { kind: 'kyt_rejected' } };
  if (decision?.reason === 'screening_unavailable') return { blocked: { kind: 'kyt_pending' } };
  // A multicall hiding its payees answers its calldata only to a proven wallet (403 without a proof).
  return { record, answer: await calls.pay(payer), payer };
}

/** The payment's rail as the pay button sees it: an EVM chain (the payment's and the wallet's current one) or Tron. */
export type Rail = { kind: 'evm'; chainId: number | undefined; walletChainId: number | undefined } | { kind: 'tron' };

export interface Payability {
  hasEnoughBalance: boolean;
  hasEnoughGas: boolean;
  /** The wallet is on another chain (paying switches it first). */
  wrongChain: boolean;
  /** The one primary action may run. */
  payable: boolean;
}

/**
 * Whether the checked wallet can pay: enough of the token (and, on EVM, of the native coin for
 * gas, on a chain this page knows). A wallet on another EVM chain may still pay (the action switches
 * it); a Tron wallet's energy is not checked, so only the balance stops it.
 */
export function payabilityOf(answer: PayAnswer, rail: Rail): Payability {
  const { hasEnoughBalance, hasEnoughGas } = fundsOf(answer);
  if (rail.kind === 'tron') return { hasEnoughBalance, hasEnoughGas, wrongChain: false, payable: hasEnoughBalance };
  const known = rail.chainId !== undefined;
  return {
    hasEnoughBalance,
    hasEnoughGas,
    wrongChain: rail.walletChainId !== rail.chainId,
    payable: hasEnoughBalance && hasEnoughGas && known,
  };
}
