/** The spec's one-time payout metadata, plus Request Network's `paymentTransactionIndex`. */
export interface PayoutMetadata {
  stepsRequired: number;
  needsApproval: boolean;
  approvalTransactionIndex: number | null;
  paymentTransactionIndex: number;
  hasEnoughBalance: boolean;
  hasEnoughGas: boolean;
}
