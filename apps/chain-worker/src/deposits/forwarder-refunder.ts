import { DEPOSIT_FACTORY_ABI, encodeDeployAndRefund } from '@payrail/chains';
import { refundEvent, type DomainEvent } from '@payrail/domain';
import { appendToOutbox, ForwarderRefundsRepository, RefundsRepository, type RefundRecord } from '@payrail/persistence';
import { type AbstractProvider, ZeroAddress } from 'ethers';
import type { DataSource } from 'typeorm';
import type { RelayerChain } from '../shared/relayer-chain.js';
import { followException } from '../shared/refund-exception.js';
import type { DepositRecords } from './deposit-records.js';

/** DepositForwarderFactory's deployAndRefund: the forwarder's Refunded event is what a mined refund shows. */
const REFUNDED_TOPIC = DEPOSIT_FACTORY_ABI.getEvent('Refunded')?.topicHash;

/**
 * Refunds of what deposit forwarders hold (issue #35), one network, run in the deposit sweeper's
 * pass (same leader, same relayer nonce sequence). A payee-signed refund (`submitted`, no tx yet) is
 * simulated (factory.deployAndRefund) then sent by the relayer; one the forwarder refuses
 * (BadSignature, ExceedsRefundable, RefundExpired, RefundUsed, a token that refuses) is `failed`
 * with that error as its reason (refund.failed). A sent one is `failed` (`reverted`) when its
 * receipt says so, and `confirmed` (refund.confirmed, its exception `refunded`) once its block is
 * under the network's confirmations and its receipt carries the forwarder's Refunded event.
 * It also reads the receipts of the transactions payees' wallets reported for payee_wallet refunds
 * (POST …/{refundId}/transaction): a reverted one makes its refund `failed` (`reverted`).
 */
export class ForwarderRefunder {
  constructor(
    private readonly db: DataSource,
    private readonly provider: AbstractProvider,
    private readonly chain: RelayerChain,
    private readonly records: DepositRecords,
    private readonly options: { network: string; factory: string; confirmations: number },
  ) {}

  /** One pass; true when it sent or settled something. */
  async pass(): Promise<boolean> {
    const repo = new ForwarderRefundsRepository(this.db.manager);
    const [inFlight, reported] = await Promise.all([
      repo.forwarderInFlight(this.options.network),
      repo.reportedAwaiting(this.options.network),
    ]);
    let worked = false;
    for (const { refund, txHash } of reported) worked = (await this.reverted(refund, txHash)) || worked;
    if (inFlight.length === 0) return worked;
    const terms = await this.records.termsOf([...new Set(inFlight.map((r) => r.requestId))]);
    const head = await this.provider.getBlockNumber();
    for (const refund of inFlight) {
      if (refund.txHash === null) worked = (await this.send(refund, terms)) || worked;
      else worked = (await this.follow(refund, head)) || worked;
    }
    return worked;
  }

  private async send(refund: RefundRecord, terms: Map<string, Parameters<typeof encodeDeployAndRefund>[0]>): Promise<boolean> {
    const t = terms.get(refund.requestId);
    const f = refund.forwarderRefund;
    if (!t || !f || !refund.signature) return this.settle(refund, 'failed', null, 'not a signed forwarder refund');
    const data = encodeDeployAndRefund(
      t,
      {
        token: refund.token ?? ZeroAddress,
        to: refund.to,
        amount: refund.amount,
        refundId: f.refundKey,
        deadline: BigInt(Math.floor(f.deadline.getTime() / 1000)),
      },
      refund.signature,
    );
    const failure = await this.chain.simulate(this.options.factory, data);
    if (failure !== null) return this.settle(refund, 'failed', null, failure);
    try {
      const sent = await this.chain.broadcast(await this.chain.prepare(this.options.factory, data));
      await new ForwarderRefundsRepository(this.db.manager).sent(refund.id, sent.hash);
      return true;
    } catch {
      // Not sent (RPC, nonce): the next pass simulates and sends again.
      return false;
    }
  }

  private async follow(refund: RefundRecord, head: number): Promise<boolean> {
    const receipt = await this.chain.receipt(refund.txHash!);
    if (!receipt) return false; // pending (or dropped: the next passes see it mined or never)
    if (receipt.status !== 1) return this.settle(refund, 'failed', refund.txHash, 'reverted');
    if (receipt.blockNumber > head - this.options.confirmations) return false; // not yet under its confirmations
    const refunded = receipt.logs.some((l) => l.topics[0] === REFUNDED_TOPIC);
    return this.settle(refund, refunded ? 'confirmed' : 'failed', refund.txHash, refunded ? null : 'reverted');
  }

  /**
   * A payee_wallet refund whose reported transaction reverted: `failed` (`reverted`, refund.failed),
   * its amount free again. A mined one is left to detection (the fee proxy's event confirms it).
   */
  private async reverted(refund: RefundRecord, txHash: string): Promise<boolean> {
    const receipt = await this.chain.receipt(txHash);
    if (!receipt || receipt.status === 1) return false;
    return this.settle(refund, 'failed', txHash, 'reverted', 'awaiting_signature');
  }

  /** The verdict, its refund event and the linked exception's move, in one transaction (only from `from`). */
  private async settle(
    refund: RefundRecord,
    status: 'confirmed' | 'failed',
    txHash: string | null,
    reason: string | null,
    from: RefundRecord['status'] = 'submitted',
  ): Promise<boolean> {
    return this.db.transaction(async (m) => {
      const refunds = new RefundsRepository(m);
      const locked = await new ForwarderRefundsRepository(m).lockOne(refund.id);
      if (!locked || locked.status !== from) return false;
      const next = { ...locked, status, txHash, failureReason: reason };
      await refunds.settle(refund.id, next);
      const at = new Date();
      const events: DomainEvent[] = [
        refundEvent(
          status === 'confirmed' ? 'refund.confirmed' : 'refund.failed',
          next,
          await refunds.requestIdentity(refund.requestId),
          at,
        ),
      ];
      if (status === 'confirmed') events.push(...(await followException(m, locked, 'confirmed', at)));
      await appendToOutbox(m, events);
      return true;
    });
  }
}
