import { Interface, ZeroAddress } from 'ethers';

/**
 * Calldata of Request Network's published fee proxies (the local chain runs the same bytecode):
 * - ERC20FeeProxy.transferFromWithReferenceAndFee, selector 0xc219a14d;
 * - EthereumFeeProxy.transferWithReferenceAndFee, selector 0xb868980b (value = amount + fee).
 * The fee is paid on top, to the fee address; without a fee the fee address is the zero address.
 */
export const ERC20_FEE_PROXY_ABI = new Interface([
  'function transferFromWithReferenceAndFee(address _tokenAddress, address _to, uint256 _amount, bytes _paymentReference, uint256 _feeAmount, address _feeAddress)',
]);

export const ETHEREUM_FEE_PROXY_ABI = new Interface([
  'function transferWithReferenceAndFee(address _to, bytes _paymentReference, uint256 _feeAmount, address _feeAddress) payable',
]);

export interface FeeProxyPayment {
  /** The payee (EVM hex address). */
  to: string;
  amount: bigint;
  /** `0x` + 16 hex. */
  paymentReference: string;
  feeAmount: bigint;
  /** Null or undefined: no fee recipient (the zero address). */
  feeAddress?: string | null;
}

function feeRecipient(payment: FeeProxyPayment): string {
  if (payment.feeAmount > 0n && !payment.feeAddress) throw new Error('A fee needs a fee address');
  return payment.feeAddress ?? ZeroAddress;
}

export function encodeErc20FeeProxyPayment(token: string, payment: FeeProxyPayment): string {
  return ERC20_FEE_PROXY_ABI.encodeFunctionData('transferFromWithReferenceAndFee', [
    token,
    payment.to,
    payment.amount,
    payment.paymentReference,
    payment.feeAmount,
    feeRecipient(payment),
  ]);
}

/** The calldata; the transaction's value must be `amount + feeAmount`. */
export function encodeNativeFeeProxyPayment(payment: FeeProxyPayment): string {
  return ETHEREUM_FEE_PROXY_ABI.encodeFunctionData('transferWithReferenceAndFee', [
    payment.to,
    payment.paymentReference,
    payment.feeAmount,
    feeRecipient(payment),
  ]);
}
