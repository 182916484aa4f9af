import { describeFailure } from '@payrail/domain';
import { buildSchedulePermit } from '@payrail/permits';
import { createDataSource, RecurringRepository, sqlExecute } from '@payrail/persistence';
import { metricsRegistry } from '@payrail/platform';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { type CommitFault, installCommitFault } from '@payrail/test-support/commit-fault.js';
import { ExecutionRecords } from './execution-records.js';

const NETWORK = 'sepolia';
const TOKEN = '0x0000000000000000000000000000000000000f01';
const PROXY = '0x0000000000000000000000000000000000000f02';

/**
 * The executor's outcome counters under a retried transaction: a deferred constraint trigger fails
 * the next commit that updated an execution row with SQLSTATE 40001 (serialization_failure), as
 * Postgres does when a concurrent transaction wins; the executor's next pass runs the step again.
 */
describe('recurring execution counters count committed outcomes only', () => {
  let db: DataSource;
  let platformId: string;
  let fault: CommitFault;
  const records = () => new ExecutionRecords(db);

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), 2);
    await db.initialize();
    platformId = ulid();
    await sqlExecute(db, 'INSERT INTO platforms (id, name) VALUES ($1, $2)', [platformId, 'Counter test']);
    fault = await installCommitFault(db, 'recurring_executions');
  });
  afterAll(() => db?.destroy());

  /** The next commit that updates an execution row fails once. */
  const failNextCommit = () => fault.failNextCommit();
  const count = async (outcome: string) =>
    (await metricsRegistry.getSingleMetric('payrail_recurring_executions_total')!.get()).values.find(
      (v) => v.labels.network === NETWORK && v.labels.outcome === outcome,
    )?.value ?? 0;

  /** An active schedule whose payment 1 is claimed (request and execution rows written). */
  async function claimedPayment() {
    const permit = buildSchedulePermit({
      chainId: 11155111,
      verifyingContract: PROXY,
      subscriber: Wallet.createRandom().address,
      token: TOKEN,
      recipient: Wallet.createRandom().address,
      feeAddress: '0x0000000000000000000000000000000000000000',
      amount: 1_000_000n,
      feeAmount: 0n,
      gasFee: 0n,
      periodSeconds: 86400,
      firstExec: 1_000,
      totalExecutions: 2,
      deadline: 2_000_000_000,
    });
    const id = ulid();
    const repo = new RecurringRepository(db.manager);
    await repo.insert({
      id,
      platformId,
      clientIdId: null,
      status: 'active',
      network: NETWORK,
      recurringProxy: PROXY,
      feeProxy: PROXY,
      payer: permit.values.subscriber,
      payee: permit.values.recipient,
      token: TOKEN,
      paymentCurrency: 'fUSDC-sepolia',
      currencyDecimals: 6,
      invoiceCurrency: 'fUSDC-sepolia',
      invoiceAmount: 1_000_000n,
      invoiceDecimals: 6,
      amount: 1_000_000n,
      feePercentage: null,
      feeAmount: 0n,
      feeAddress: null,
      gasFee: 0n,
      frequency: 'DAILY',
      periodSeconds: 86400,
      firstExec: permit.values.firstExec,
      totalPayments: 2,
      permit,
      reference: null,
    });
    await repo.update(id, { permitSignature: '0x00' });
    const claim = await records().claim(id, 2_000);
    if (!claim) throw new Error('payment 1 was not claimed');
    return claim;
  }

  it('a payment confirmed after one retried transaction counts confirmed once', async () => {
    const claim = await claimedPayment();
    const before = await count('confirmed');
    await failNextCommit();
    await expect(records().succeeded(claim, '0x01', new Date())).rejects.toThrow(/could not serialize access/);
    await records().succeeded(claim, '0x01', new Date());
    expect((await count('confirmed')) - before).toBe(1);
  });

  it('a failure that pauses its schedule (past due), recorded after one retried transaction, counts failed once and paused once', async () => {
    const claim = await claimedPayment();
    const [failedBefore, pausedBefore] = [await count('failed'), await count('paused')];
    const failure = describeFailure('allowance_revoked'); // no retry can fix it: past due at once
    await failNextCommit();
    await expect(records().failed(claim, failure, 2_000)).rejects.toThrow(/could not serialize access/);
    await records().failed(claim, failure, 2_000);
    expect([(await count('failed')) - failedBefore, (await count('paused')) - pausedBefore]).toEqual([1, 1]);
  });
});
