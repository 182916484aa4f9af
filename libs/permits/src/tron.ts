import { tronToEvmAddress } from '@payrail/domain';
import { encodeApprove } from './erc20.js';
import { encodeErc20FeeProxyPayment, type FeeProxyPayment } from './fee-proxies.js';

/**
 * TRC-20 calls on Tron. The TVM runs the same ABI as the EVM, so the calldata is the EVM
 * calldata with every address as its 20 account bytes; `to` and the parameters keep the base58
 * form a Tron wallet shows. `functionSelector` + `parameters` + `feeLimit` are what TronWeb's
 * `transactionBuilder.triggerSmartContract(to, functionSelector, {feeLimit}, parameters, payer)` takes.
 */
export interface TronTransaction {
  data: string;
  /** Base58 contract address. */
  to: string;
  value: 0;
  functionSelector: string;
  parameters: { type: string; value: string }[];
  /** Most the payer burns on energy, in SUN (Request Network's defaults: 100 TRX approve, 300 TRX payment). */
  feeLimit: number;
}

export const TRON_APPROVE_FEE_LIMIT_SUN = 100_000_000;
export const TRON_PAYMENT_FEE_LIMIT_SUN = 300_000_000;

/** The Tron zero address (0x41 + 20 zero bytes), the fee address when there is no fee. */
const TRON_ZERO_ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

export interface TronFeeProxyPayment extends Omit<FeeProxyPayment, 'to'> {
  /** Base58 payee. */
  to: string;
}

/** `approve(spender, amount)` on a TRC-20 token; all addresses base58. */
export function tronApprove(token: string, spender: string, amount: bigint): TronTransaction {
  return {
    data: encodeApprove(tronToEvmAddress(spender), amount),
    to: token,
    value: 0,
    functionSelector: 'approve(address,uint256)',
    parameters: [
      { type: 'address', value: spender },
      { type: 'uint256', value: amount.toString() },
    ],
    feeLimit: TRON_APPROVE_FEE_LIMIT_SUN,
  };
}

/** ERC20FeeProxy.transferFromWithReferenceAndFee on Tron's fee proxy; all addresses base58. */
export function tronFeeProxyPayment(proxy: string, token: string, payment: TronFeeProxyPayment): TronTransaction {
  if (payment.feeAmount > 0n && !payment.feeAddress) throw new Error('A fee needs a fee address');
  const feeAddress = payment.feeAddress ?? TRON_ZERO_ADDRESS;
  return {
    data: encodeErc20FeeProxyPayment(tronToEvmAddress(token), {
      ...payment,
      to: tronToEvmAddress(payment.to),
      feeAddress: tronToEvmAddress(feeAddress),
    }),
    to: proxy,
    value: 0,
    functionSelector: 'transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)',
    parameters: [
      { type: 'address', value: token },
      { type: 'address', value: payment.to },
      { type: 'uint256', value: payment.amount.toString() },
      { type: 'bytes', value: payment.paymentReference },
      { type: 'uint256', value: payment.feeAmount.toString() },
      { type: 'address', value: feeAddress },
    ],
    feeLimit: TRON_PAYMENT_FEE_LIMIT_SUN,
  };
}
