import type { PaymentExceptionRecord } from '@payrail/domain';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import type { DataSource, EntityManager } from 'typeorm';
import { ulid } from 'ulid';
import { createDataSource } from '../data-source.js';
import { sqlOne, sqlRows } from '../sql/typed-query.js';
import { acceptUnderpayment } from './accept-underpayment.js';
import { PaymentExceptionsRepository } from './payment-exceptions.repository.js';

const PAYEE = '0x00000000000000000000000000000000000000a1';
const TOKEN = '0x00000000000000000000000000000000000000b2';
const PROXY = '0x00000000000000000000000000000000000000c3';

// The lock order of a request and its exception. Refunds lock the request, then the exception;
// accepting an underpayment used to lock the exception, then update the request: the two racing
// waited on each other and Postgres failed one of them (deadlock detected). Every exception lock
// now takes the request's row first. The race is staged step by step (each step waits until the
// other transaction is seen waiting on a lock in pg_stat_activity): no timing involved.
describe('exception locks take the request first (no deadlock between a refund and an accept)', () => {
  let db: DataSource;

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), 4);
    await db.initialize();
  });
  afterAll(() => db?.destroy());

  async function underpaidException(): Promise<PaymentExceptionRecord> {
    const { requestId, platformId } = await insertRequest(db, {
      payee: PAYEE,
      token: TOKEN,
      proxy: PROXY,
      expected: 1000n,
      decimals: 6,
      paymentCurrency: 'USDC-sepolia',
    });
    const record: PaymentExceptionRecord = {
      id: ulid(),
      platformId,
      requestId,
      network: 'sepolia',
      kind: 'underpaid',
      status: 'open',
      resolution: null,
      token: null,
      paymentCurrency: 'USDC-sepolia',
      currencyDecimals: 6,
      expectedAmount: 1000n,
      receivedAmount: 600n,
      receivedDecimals: null,
      invoiceCurrency: 'USDC-sepolia',
      invoiceDecimals: 6,
      expectedInvoiceAmount: null,
      receivedInvoiceAmount: null,
      rate: null,
      rateSource: null,
      txHash: null,
      logIndex: null,
      payerAddress: null,
      remainderRequestId: null,
      remainderToken: null,
      detectedAt: new Date(),
      resolvedAt: null,
    };
    const [inserted] = await new PaymentExceptionsRepository(db.manager).insert([record]);
    return inserted;
  }

  /** Resolves once some other backend of this database waits on a lock. */
  async function someoneWaitsOnALock(): Promise<void> {
    for (;;) {
      const waiting = await sqlOne<{ n: string }>(
        db,
        `SELECT count(*)::text AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
      );
      if (waiting && waiting.n !== '0') return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('a refund holding the request and an accept of its exception both commit, one after the other', async () => {
    const exception = await underpaidException();
    let releaseRefund!: () => void;
    const refundMayGoOn = new Promise<void>((resolve) => (releaseRefund = resolve));
    let refundHoldsRequest!: () => void;
    const requestHeld = new Promise<void>((resolve) => (refundHoldsRequest = resolve));

    // The refund's order: the request's row, then (once the accept is waiting) the exception.
    const refund = db.transaction(async (m: EntityManager) => {
      await sqlRows(m, 'SELECT id FROM requests WHERE id = $1 FOR UPDATE', [exception.requestId]);
      refundHoldsRequest();
      await refundMayGoOn;
      return new PaymentExceptionsRepository(m).lockById(exception.id);
    });
    await requestHeld;
    // The accept's: the exception (locked through the repository), then the request's amount.
    const accept = db.transaction(async (m: EntityManager) => {
      const locked = await new PaymentExceptionsRepository(m).lockOwned(exception.platformId, exception.id);
      await acceptUnderpayment(m, exception.requestId);
      return locked;
    });
    await someoneWaitsOnALock();
    releaseRefund();

    const [refunded, accepted] = await Promise.all([refund, accept]);
    expect(refunded?.id).toBe(exception.id);
    expect(accepted?.id).toBe(exception.id);
    const request = await sqlOne<{ accepted_amount: string | null }>(db, 'SELECT accepted_amount::text FROM requests WHERE id = $1', [
      exception.requestId,
    ]);
    expect(request?.accepted_amount).not.toBeNull();
  });

  it("locks nothing of another platform's exception (answers nothing), and the owner's lock answers it", async () => {
    const exception = await underpaidException();
    const other = await db.transaction((m) => new PaymentExceptionsRepository(m).lockOwned('01OTHERPLATFORM00000000000', exception.id));
    expect(other).toBeUndefined();
    const locked = await db.transaction((m) => new PaymentExceptionsRepository(m).lockOwned(exception.platformId, exception.id));
    expect(locked?.kind).toBe('underpaid');
  });
});
