import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NETWORKS, paymentReferenceTopic, TronGridEventSource } from '@payrail/chains';
import { createDataSource, sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { TransferSettlement } from './settlement/transfer-settlement.js';
import { TronFollower } from './detection/tron-follower.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../../libs/chains/src/tron/fixtures');
const page = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as unknown;

// Tron detection on recorded TronGrid responses, with the real database and settlement.
describe('Tron payment detection (TronGrid fixtures)', () => {
  let db: DataSource;

  beforeAll(async () => {
    const url = await createTestDatabase();
    db = createDataSource(url, 4);
    await db.initialize();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('settles a Tron USDT request paid in two transfers, once, across repeated passes', async () => {
    await sqlExecute(db, `INSERT INTO platforms (id, name) VALUES ('01TRONPLATFORM000000000000', 'tron')`);
    const requestId = '01' + 'ab'.repeat(32);
    const reference = '0xb3581f0b0f74cc61';
    await sqlExecute(
      db,
      `INSERT INTO requests (id, salt, payment_reference, reference_topic, platform_id, network, payee, invoice_currency, invoice_amount, invoice_decimals,
         payment_currency, currency_address, currency_decimals, proxy_address, expected_amount)
       VALUES ($1, 'ea3bc7caf64110ca', $2, $3, '01TRONPLATFORM000000000000', 'tron', 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ', 'USDT-tron', 26000000, 6,
         'USDT-tron', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6, 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd', 26000000)`,
      [requestId, reference, paymentReferenceTopic(reference)],
    );
    // The events API from the recorded pages; the solidity node knows the settling transaction
    // (its signer is the payer) and fails for the others (their payer stays unknown).
    const lookups: string[] = [];
    const pages = () => {
      const queue = [page('trongrid-fee-proxy-events.page1.json'), page('trongrid-fee-proxy-events.page2.json')];
      return (url: string) => {
        if (!url.includes('/walletsolidity/gettransactionbyid')) return Promise.resolve(queue.shift() ?? { success: true, data: [] });
        const txHash = new URL(url).searchParams.get('value')!;
        lookups.push(txHash);
        return txHash === '2'.repeat(64) ? Promise.resolve(page('trongrid-transaction.json')) : Promise.reject(new Error('TronGrid 503'));
      };
    };
    const settlement = new TransferSettlement(db, NETWORKS);
    for (let pass = 0; pass < 2; pass++) {
      const follower = new TronFollower(
        db,
        new TronGridEventSource('https://api.trongrid.example', pages(), 2),
        'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd',
        (n, t) => settlement.settle(n, t),
      );
      await follower.pass();
    }
    expect(await sqlOne(db, 'SELECT status, amount_paid::text, tx_hash FROM requests WHERE id = $1', [requestId])).toEqual({
      status: 'paid',
      amount_paid: '26000000',
      tx_hash: '2222222222222222222222222222222222222222222222222222222222222222',
    });
    type Payload = { event: string; explorer: string; payerAddress: string | null };
    const events = await sqlRows<{ payload: Payload }>(db, `SELECT payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY id`, [
      requestId,
    ]);
    expect(events.map((r) => [r.payload.event, r.payload.explorer, r.payload.payerAddress])).toEqual([
      [
        'payment.confirmed',
        'https://tronscan.org/#/transaction/2222222222222222222222222222222222222222222222222222222222222222',
        'TWsm8HtU2A5eEzoT8ev8yaoFjHsXLLrckb',
      ],
    ]);
    // only our payments' transactions are looked up (the unrelated event of page 1 is not)
    expect(new Set(lookups)).toEqual(new Set(['9b3f6f7b7d2a2c6cfd2b4c0d9b7f0b6f2b7e8a4d1c2b3a495867768594a3b2c1', '2'.repeat(64)]));
    expect(await sqlOne(db, `SELECT block_number::text FROM chain_cursors WHERE network = 'tron'`)).toEqual({ block_number: '79216410' });
  });
});
