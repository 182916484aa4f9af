import type { ObservedTransfer, PaymentTerms } from '@payrail/domain';
import type { RequestEntity, ReversedTransferRow, SettlementTransferRow } from '@payrail/persistence';

/** A stored transfer as settlement reads it (SettlementTransfersRepository). */
export type TransferRow = SettlementTransferRow;

/** A settled transfer a reorg removed. */
export type ReversedRow = ReversedTransferRow;

/** The request's terms; a request paid through an off-ramp is paid to its deposit address instead of its payee. */
export function termsOf(request: RequestEntity, depositAddress?: string): PaymentTerms {
  return {
    proxy: request.proxyAddress,
    payee: depositAddress ?? request.payee,
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
