/**
 * One payment as a Request Network fee proxy logged it (`TransferWithReferenceAndFee`): what
 * detection decodes (libs/chains) and stores (libs/persistence). `token` is null for the native currency.
 */
export interface ProxyTransfer {
  contract: string;
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  /** keccak256 of the 8-byte payment reference (the log topic); the reference itself is not in the log. */
  referenceTopic: string;
  token: string | null;
  to: string;
  amount: bigint;
  feeAmount: bigint;
  feeAddress: string;
}
