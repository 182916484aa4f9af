import type { SecurePayment } from '../api';

/** The record's deposit extension (pay by transfer). */
export type Deposit = NonNullable<SecurePayment['deposit']>;

/**
 * The EIP-681 URI of the transfer that pays `deposit`: an ERC-20 `transfer(address,uint256)` call
 * on the token (`ethereum:<token>@<chainId>/transfer?address=<deposit>&uint256=<units>`), or a plain
 * value transfer for the native currency (`ethereum:<deposit>@<chainId>?value=<wei>`).
 */
export function eip681Uri(deposit: Pick<Deposit, 'address' | 'chainId' | 'tokenAddress' | 'amountUnits'>): string {
  if (deposit.tokenAddress === null) return `ethereum:${deposit.address}@${deposit.chainId}?value=${deposit.amountUnits}`;
  return `ethereum:${deposit.tokenAddress}@${deposit.chainId}/transfer?address=${deposit.address}&uint256=${deposit.amountUnits}`;
}

/** What the transfer panel says about progress, as a message key and its values. */
export type TransferProgressKey = 'transfer.awaiting' | 'transfer.partial' | 'transfer.received' | 'transfer.swept' | 'transfer.failed';

export function transferProgressOf(deposit: Pick<Deposit, 'status' | 'received' | 'amount'>): {
  key: TransferProgressKey;
  values: Record<string, string>;
} {
  const values = { received: deposit.received, amount: deposit.amount };
  switch (deposit.status) {
    case 'awaiting':
      return { key: 'transfer.awaiting', values };
    case 'partial':
      return { key: 'transfer.partial', values };
    case 'received':
    case 'sweeping':
      return { key: 'transfer.received', values };
    case 'swept':
      return { key: 'transfer.swept', values };
    default:
      return { key: 'transfer.failed', values };
  }
}

/**
 * "n of m confirmations" of the newest token transfer to the deposit address while the deposit is
 * being followed (before its sweep), as message values; undefined when there is nothing to count
 * (no transfer seen yet, a native deposit, a network that waits for no confirmation, or already swept).
 */
export function transferConfirmationsOf(
  deposit: Pick<Deposit, 'status' | 'confirmations'>,
): { seen: string; required: string } | undefined {
  const c = deposit.confirmations;
  if (!c || c.required === 0 || deposit.status === 'sweeping' || deposit.status === 'swept') return undefined;
  return { seen: String(Math.min(c.seen, c.required)), required: String(c.required) };
}

/** The payment transaction to track once the deposit was swept (the fee-proxy payment), else undefined. */
export function sweptTransactionOf(deposit: Pick<Deposit, 'status' | 'sweepTxHash'> | undefined): string | undefined {
  return deposit && (deposit.status === 'sweeping' || deposit.status === 'swept') && deposit.sweepTxHash ? deposit.sweepTxHash : undefined;
}
