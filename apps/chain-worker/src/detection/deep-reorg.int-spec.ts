import { NETWORKS } from '@payrail/chains';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { TransferSettlement } from '../settlement/transfer-settlement.js';
import { approveProxy, payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { BlockReader } from './block-reader.js';
import { NetworkFollower } from './network-follower.js';

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
    // The rollback settles first (the replacement payment lies further up than the first range read again).
    expect(events.map((e) => e.event_type)).toEqual(['payment.confirmed', 'payment.reversed', 'payment.partial']);
    expect(events[1].payload).toMatchObject({
      txHashes: [paid.txHash],
      amountReversed: '0.0007',
      totalAmountPaid: '0.0',
      status: 'pending',
    });
    expect(events[2].payload).toMatchObject({ txHash: again.txHash, totalAmountPaid: '0.0003' });
    await drain();
    expect(await status()).toBe('partial');
  }, 60000);
});
