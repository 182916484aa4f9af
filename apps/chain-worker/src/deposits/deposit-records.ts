import { depositAddress, type DepositTerms } from '@payrail/chains';
import {
  DepositAddressesRepository,
  type DepositCandidateRow,
  type DepositTransferRecord,
  type DepositWatchLimits,
  raiseDepositExceptions,
  type DepositExceptionFact,
} from '@payrail/persistence';
import { ZeroAddress } from 'ethers';
import type { DataSource } from 'typeorm';

/** A pending request whose deposit address is watched, with the terms its forwarder is bound to. */
export interface WatchedDeposit {
  requestId: string;
  address: string;
  terms: DepositTerms;
  /** amount + fee: what the forwarder must hold before it can pay. */
  expected: bigint;
}

/** An open sweep: claimed or broadcast, its receipt not yet recorded. */
export interface OpenSweep {
  requestId: string;
  address: string;
  txHash: string | null;
  sentAt: Date;
}

/** One network's deposit-address rows, with each request's forwarder terms derived from its row. */
export class DepositRecords {
  private readonly repo: DepositAddressesRepository;

  constructor(
    private readonly db: DataSource,
    private readonly network: string,
    private readonly factory: string,
    /** The network's ERC20FeeProxy and EthereumFeeProxy (lower case): only their requests have a deposit address. */
    private readonly proxies: { erc20?: string; native?: string },
  ) {
    this.repo = new DepositAddressesRepository(db);
  }

  async watched(limits: DepositWatchLimits): Promise<WatchedDeposit[]> {
    const proxies = [this.proxies.erc20, this.proxies.native].filter((p): p is string => !!p);
    const rows = await this.repo.candidates(this.network, proxies, limits);
    return rows.map((r) => {
      const terms = this.termsOfRow(r);
      return { requestId: r.id, address: depositAddress(this.factory, terms), terms, expected: terms.amount + terms.feeAmount };
    });
  }

  /** The forwarder terms of these requests (any status): what a refund from their forwarder is sent with. */
  async termsOf(requestIds: string[]): Promise<Map<string, DepositTerms>> {
    const rows = await this.repo.termsRows(requestIds);
    return new Map(rows.map((r) => [r.id, this.termsOfRow(r)]));
  }

  private termsOfRow(r: DepositCandidateRow): DepositTerms {
    const native = r.proxy_address.toLowerCase() === this.proxies.native;
    return {
      proxy: r.proxy_address,
      token: native ? ZeroAddress : (r.currency_address ?? ZeroAddress),
      payee: r.payee,
      amount: BigInt(r.expected_amount),
      paymentReference: r.payment_reference,
      feeAmount: BigInt(r.fee_amount),
      feeAddress: r.fee_address ?? ZeroAddress,
    };
  }

  recordReceived(deposits: WatchedDeposit[], received: bigint[], block: number): Promise<void> {
    const rows = deposits.map((d, i) => ({
      requestId: d.requestId,
      address: d.address,
      token: d.terms.token === ZeroAddress ? null : d.terms.token,
      expected: d.expected,
      received: received[i],
    }));
    return this.repo.recordReceived(this.network, this.factory, block, rows);
  }

  /** The head read this pass and the confirmations waited for: the page's "n of m confirmations". */
  recordHead(head: number, confirmations: number): Promise<void> {
    return this.repo.recordHead(this.network, head, confirmations);
  }

  claim(requestIds: string[]): Promise<Set<string>> {
    return this.repo.claim(requestIds);
  }

  sent(requestIds: string[], txHash: string): Promise<void> {
    return this.repo.sent(requestIds, txHash);
  }

  release(requestId: string, error: string): Promise<void> {
    return this.repo.release(requestId, error);
  }

  async open(): Promise<OpenSweep[]> {
    const rows = await this.repo.open(this.network);
    return rows.map((r) => ({ requestId: r.request_id, address: r.address, txHash: r.sweep_tx_hash, sentAt: r.sweep_sent_at }));
  }

  /** What the deposit address was last seen holding. */
  async receivedOf(requestId: string): Promise<bigint> {
    return (await this.repo.forRequests([requestId])).map((r) => BigInt(r.received))[0] ?? 0n;
  }

  mined(requestId: string, ok: boolean, gasUsed: bigint, gasCost: bigint, at: Date): Promise<void> {
    return this.repo.mined(requestId, ok, gasUsed, gasCost, at);
  }

  /**
   * A deposit whose sweep would revert on its own (a token that refuses the transfer, a forwarder
   * emptied by a reorg): its funds stay in the forwarder, an `unsweepable` exception (issue #35),
   * raised once while it stays open however often the sweeper tries again.
   */
  async unsweepable(requestId: string): Promise<void> {
    const held = await this.receivedOf(requestId);
    await raiseDepositExceptions(this.db, this.network, 'unsweepable', [
      { requestId, txHash: null, logIndex: null, token: null, sender: null, amount: held, decimals: null },
    ]);
  }

  recordTransfers(transfers: DepositTransferRecord[]): Promise<void> {
    return this.repo.recordTransfers(this.network, transfers);
  }

  /** wrong_token exceptions for transfers of another token (issue #35): once per log. */
  raiseWrongTokens(transfers: DepositExceptionFact[]): Promise<number> {
    return raiseDepositExceptions(this.db, this.network, 'wrong_token', transfers);
  }
}
