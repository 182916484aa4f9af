import type { PaymentIntentOutcome } from '@payrail/persistence';
import type { BlockReader } from '../block-reader.js';

/** How an intent's receipt is awaited: polled every `pollMs` until mined and confirmed, for at most `timeoutMs`. */
export interface ReceiptWatchOptions {
  pollMs: number;
  timeoutMs: number;
}

export const RECEIPT_WATCH: ReceiptWatchOptions = { pollMs: 200, timeoutMs: 120_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for a transaction's receipt, buried under `confirmations` blocks, then says what it holds
 * for the payment: `matched` when a fee-proxy payment log carries one of `referenceTopics`,
 * `no_matching_transfer` otherwise, `reverted` for a failed transaction, `not_mined` when no receipt
 * came in time. Reads only: settlement is detection's, woken by the caller.
 */
export async function watchReceipt(
  reader: BlockReader,
  txHash: string,
  referenceTopics: readonly string[],
  confirmations: number,
  options: ReceiptWatchOptions = RECEIPT_WATCH,
  stopped: () => boolean = () => false,
): Promise<PaymentIntentOutcome> {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline && !stopped()) {
    const receipt = await reader.receipt(txHash).catch(() => null);
    if (receipt && (confirmations === 0 || (await reader.head()) - receipt.blockNumber >= confirmations)) {
      if (receipt.status === 0) return 'reverted';
      const wanted = new Set(referenceTopics.map((t) => t.toLowerCase()));
      return reader.receiptTransfers(receipt).some((t) => wanted.has(t.referenceTopic.toLowerCase())) ? 'matched' : 'no_matching_transfer';
    }
    await sleep(options.pollMs);
  }
  return 'not_mined';
}
