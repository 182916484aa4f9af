import type { ObservedTransfer, PaymentTerms } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';

/** A stored transfer as settlement reads it (payment_transfers; money as text). */
export interface TransferRow {
  contract: string;
  tx_hash: string;
  from_address: string | null;
  block_timestamp: Date;
  token: string | null;
  to_address: string;
  amount: string;
  fee_amount: string;
  fee_address: string;
  settled_at: Date | null;
}

/** A settled transfer a reorg removed (reversed_transfers). */
export type ReversedRow = Pick<TransferRow, 'contract' | 'tx_hash' | 'token' | 'to_address' | 'amount' | 'fee_amount' | 'fee_address'>;

const COLUMNS = 'contract, tx_hash, token, to_address, amount::text, fee_amount::text, fee_address';
export const TRANSFER_COLUMNS = `${COLUMNS}, from_address, block_timestamp, settled_at`;
export const REVERSED_COLUMNS = COLUMNS;

export function termsOf(request: RequestEntity): PaymentTerms {
  return {
    proxy: request.proxyAddress,
    payee: request.payee,
    token: request.currencyAddress,
    expected: request.expectedAmount,
    feeAmount: request.feeAmount,
    feeAddress: request.feeAddress,
  };
}

export function observed(row: ReversedRow): ObservedTransfer {
  return {
    contract: row.contract,
    to: row.to_address,
    token: row.token,
    amount: BigInt(row.amount),
    feeAmount: BigInt(row.fee_amount),
    feeAddress: row.fee_address,
  };
}
