/** What detection hands settled blocks to: matches transfers to requests and emits payment events. */
export interface Settlement {
  /**
   * Settles every detected transfer up to `confirmedThrough` (inclusive) that is not settled yet,
   * and settles again the requests whose settled transfers a reorg removed (reversed_transfers).
   */
  settle(network: string, confirmedThrough: number): Promise<void>;
}

export const SETTLEMENT = Symbol('SETTLEMENT');
