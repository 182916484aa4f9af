/** What detection hands settled blocks to: matches transfers to requests and emits payment events. */
export interface Settlement {
  /**
   * Settles every detected transfer up to `confirmedThrough` (inclusive) that is not settled yet,
   * and re-settles the payment references whose transfers a reorg removed.
   */
  settle(network: string, confirmedThrough: number, reorgedTopics: string[]): Promise<void>;
}

export const SETTLEMENT = Symbol('SETTLEMENT');
