import { NETWORKS } from '@payrail/chains';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { TransferSettlement } from './settlement/transfer-settlement.js';
import { approveProxy, payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { BlockReader } from './detection/block-reader.js';
import { NetworkFollower } from './detection/network-follower.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// A reorg deeper than every range-end hash the follower kept (keepBlocks 2, ranges of 3 blocks):
// the ancestor search goes past them, to the follower's origin, and nothing the reorg removed
// or added is missed. Follower and settlement driven pass by pass on a private anvil.
describe('a reorg deeper than the kept block hashes', () => {
  let chain: Chain;
  let ds: DataSource;

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    ds = createDataSource(databaseUrl, 2);
    await ds.initialize();
  }, 60000);
  afterAll(async () => {
    await ds.destroy();
    await chain.stop();
  });

  it('rolls back below the reverted payment, reverses it once, and settles the payment the replacement chain holds', async () => {
    const settlement = new TransferSettlement(ds, NETWORKS);
    const follower = new NetworkFollower(
      ds,
      new BlockReader(chain.provider, [chain.deployment.contracts.ERC20FeeProxy]),
      { network: 'sepolia', confirmations: 0, maxRange: 3, backfill: 0, keepBlocks: 2 },
      (network, through) => settlement.settle(network, through),
    );
    const drain = async () => {
      for (let i = 0; i < 200 && (await follower.pass()); i++);
    };
    const usdc = chain.deployment.tokens.USDC.address;
    const payee = Wallet.createRandom().address;
    const req = await insertRequest(ds, {
      payee,
      token: usdc,
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected: 700n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
    });
    await drain();
    await approveProxy(chain.provider, chain.deployment.contracts.ERC20FeeProxy, usdc, 700n);
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    const paid = await payWithReference(chain.provider, chain.deployment, {
      token: usdc,
      payee,
      amount: 700n,
      reference: req.reference,
      approved: true,
    });
    await chain.provider.send('anvil_mine', ['0x1e']);
    await drain();
    const status = async () => (await sqlOne<{ status: string }>(ds, 'SELECT status FROM requests WHERE id = $1', [req.requestId]))!.status;
    expect(await status()).toBe('paid');
    // Every range-end hash kept lies above the payment's block: none of them survives the revert.
    const kept = (await sqlOne<{ lowest: number }>(
      ds,
      `SELECT min(block_number)::int AS lowest FROM chain_blocks WHERE network = 'sepolia'`,
    ))!;
    expect(kept.lowest).toBeGreaterThan(paid.blockNumber + 20);

    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
    await chain.provider.send('anvil_mine', ['0x05']);
    // The replacement chain holds the payment again, further up, and grows past the old height.
    const again = await payWithReference(chain.provider, chain.deployment, { token: usdc, payee, amount: 300n, reference: req.reference });
    await chain.provider.send('anvil_mine', ['0x28']);
    await drain();

    const [cursor] = await sqlRows<{ n: number }>(ds, `SELECT block_number::int AS n FROM chain_cursors WHERE network = 'sepolia'`);
    expect(cursor.n).toBe(await chain.provider.getBlockNumber());
    expect(follower.status.reorgs).toBe(1);
    const transfers = await sqlRows(
      ds,
      'SELECT tx_hash FROM payment_transfers WHERE reference_topic = (SELECT reference_topic FROM requests WHERE id = $1)',
      [req.requestId],
    );
    expect(transfers).toEqual([{ tx_hash: again.txHash }]);
    expect(await sqlOne(ds, 'SELECT status, amount_paid::text FROM requests WHERE id = $1', [req.requestId])).toEqual({
      status: 'partial',
      amount_paid: '300',
    });
    const events = await sqlRows<{ event_type: string; payload: Record<string, unknown> }>(
      ds,
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY id`,
      [req.requestId],
    );
    // The rollback settles first (the replacement payment lies further up than the first range read again);
    // the short replacement payment raises its underpaid exception in the same pass (issue #35).
    expect(events.map((e) => e.event_type)).toEqual(['payment.confirmed', 'payment.reversed', 'payment.partial', 'payment.exception']);
    expect(events[1].payload).toMatchObject({
      txHashes: [paid.txHash],
      amountReversed: '0.0007',
      totalAmountPaid: '0.0',
      status: 'pending',
    });
    expect(events[2].payload).toMatchObject({ txHash: again.txHash, totalAmountPaid: '0.0003' });
    expect(events[3].payload).toMatchObject({ kind: 'underpaid', status: 'open', txHash: again.txHash });
    await drain();
    expect(await status()).toBe('partial');
  }, 60000);
});

/**
 * A node that answers no block for the chosen numbers (behind its peers, or failing), as ethers
 * reports it; `beforeRange` runs once as the next range read starts (after the pass's reorg check).
 */
class PatchyReader extends BlockReader {
  readonly unanswered = new Set<number>();
  beforeRange: (() => Promise<void>) | undefined;
  override block(n: number) {
    return this.unanswered.has(n) ? Promise.resolve(undefined) : super.block(n);
  }
  override async transfers(fromBlock: number, toBlock: number, parentHash?: string) {
    const act = this.beforeRange;
    this.beforeRange = undefined;
    await act?.();
    return super.transfers(fromBlock, toBlock, parentHash);
  }
}

// The ancestor search must stop at the newest block still on the chain, whatever the numbers'
// digits and whatever the node fails to answer: below it, it would roll back and reverse settled
// payments that never left the chain. And a reorg landing within a pass must still be found.
// Each test on its own database, passes driven by hand.
describe('a settled payment and a shallow reorg', () => {
  let chain: Chain;
  const databases: DataSource[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
  }, 60000);
  afterEach(async () => {
    for (const ds of databases.splice(0)) await ds.destroy();
  });
  afterAll(() => chain.stop());

  const mine = async (n: number): Promise<void> => {
    await chain.provider.send('anvil_mine', [`0x${n.toString(16)}`]);
  };
  const mineTo = async (height: number) => mine(height - (await chain.provider.getBlockNumber()));

  async function follow(confirmations: number) {
    const ds = createDataSource(await createTestDatabase(), 2);
    await ds.initialize();
    databases.push(ds);
    const proxy = chain.deployment.contracts.ERC20FeeProxy;
    const reader = new PatchyReader(chain.provider, [proxy]);
    const settlement = new TransferSettlement(ds, NETWORKS);
    const follower = new NetworkFollower(
      ds,
      reader,
      { network: 'sepolia', confirmations, maxRange: 1000, backfill: 0, keepBlocks: 256 },
      (n, t) => settlement.settle(n, t),
    );
    const token = chain.deployment.tokens.USDC.address;
    const payee = Wallet.createRandom().address;
    const req = await insertRequest(ds, { payee, token, proxy, expected: 1000n, decimals: 6, paymentCurrency: 'fUSDC-sepolia' });
    await approveProxy(chain.provider, proxy, token, 1000n);
    return {
      ds,
      reader,
      follower,
      drain: async () => {
        for (let i = 0; i < 50 && (await follower.pass()); i++);
      },
      pay: () =>
        payWithReference(chain.provider, chain.deployment, { token, payee, amount: 1000n, reference: req.reference, approved: true }),
      state: async () => ({
        request: await sqlOne(ds, 'SELECT status, amount_paid::text FROM requests WHERE id = $1', [req.requestId]),
        events: (
          await sqlRows<{ event_type: string }>(ds, 'SELECT event_type FROM outbox_events WHERE aggregate_id = $1 ORDER BY id', [
            req.requestId,
          ])
        ).map((e) => e.event_type),
        transfers: await sqlRows(ds, 'SELECT block_number::int AS block, settled_at IS NOT NULL AS settled FROM payment_transfers'),
        reversed: await sqlRows(ds, 'SELECT tx_hash FROM reversed_transfers'),
      }),
    };
  }
  const paidOnce = (block: number) => ({
    request: { status: 'paid', amount_paid: '1000' },
    events: ['payment.confirmed'],
    transfers: [{ block, settled: true }],
    reversed: [],
  });

  it('above it, the payment in block 100 with hashes kept from block 99 down (3 confirmations, 1-block revert): rolls back one block, stays paid, no payment.reversed', async () => {
    const { follower, drain, pay, state } = await follow(3);
    expect(await chain.provider.getBlockNumber()).toBeLessThan(99);
    await mineTo(99);
    await drain(); // range end 99: a known hash whose number has fewer digits than the payment's
    const paid = await pay();
    expect(paid.blockNumber).toBe(100);
    await mine(2);
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    await mine(1);
    await drain();
    expect(await state()).toEqual(paidOnce(100));

    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true); // head 102, two blocks above the payment
    await drain();
    expect(follower.status.reorgs).toBe(1);
    expect(await state()).toEqual(paidOnce(100));
    await mine(2);
    await drain();
    expect(await state()).toEqual(paidOnce(100));
  }, 60000);

  it('above it, with the payment block unanswered by the node: the pass fails and rolls nothing back; once answered, stays paid, no payment.reversed', async () => {
    const { ds, reader, follower, drain, pay, state } = await follow(0);
    const passOutcome = () => follower.pass().then(String, (e: Error) => e.message);
    await drain();
    const paid = await pay();
    const block = paid.blockNumber;
    await drain(); // the cursor is the payment's block
    expect(await state()).toEqual(paidOnce(block));

    reader.unanswered.add(block); // no reorg: the cursor's block, the head, comes back empty
    const noReorg = await passOutcome();
    expect(await state()).toEqual(paidOnce(block));
    expect(follower.status.reorgs).toBe(0);
    expect(noReorg).toBe(`blocks ${block} at or below the head (${block}) could not be read; the pass is retried`);
    reader.unanswered.clear();

    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    await mine(1);
    await drain();
    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true); // the cursor's block is gone; the payment's is the head
    reader.unanswered.add(block); // and the ancestor search gets no answer for it
    const duringSearch = await passOutcome();
    expect(await state()).toEqual(paidOnce(block));
    expect(follower.status.reorgs).toBe(0);
    expect(duringSearch).toBe(`blocks ${block} at or below the head (${block}) could not be read; the pass is retried`);

    reader.unanswered.clear();
    await mine(2);
    await drain();
    expect(follower.status.reorgs).toBe(1);
    const cursor = await sqlOne<{ n: number }>(ds, `SELECT block_number::int AS n FROM chain_cursors WHERE network = 'sepolia'`);
    expect(cursor?.n).toBe(block + 2);
    expect(await state()).toEqual(paidOnce(block));
  }, 60000);

  it('taking it away between the reorg check and the range read of one pass: the range is read again, the reorg found, the payment reversed once', async () => {
    const { reader, follower, drain, pay, state } = await follow(0);
    await drain();
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    const paid = await pay();
    await drain(); // the cursor is the payment's block
    expect(await state()).toEqual(paidOnce(paid.blockNumber));
    await mine(1);
    reader.beforeRange = async () => {
      expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
      await mine(3); // the replacement chain, without the payment, is already past the range
    };
    await drain();
    expect(reader.beforeRange).toBeUndefined();
    expect(follower.status.reorgs).toBe(1);
    expect(await state()).toEqual({
      request: { status: 'pending', amount_paid: '0' },
      events: ['payment.confirmed', 'payment.reversed'],
      transfers: [],
      reversed: [],
    });
  }, 60000);
});
