import type { ChildProcess } from 'node:child_process';
import type { RecurringPaymentPermit } from '@payrail/permits';
import { createDataSource, sqlExecute, sqlOne, sqlRows } from '@payrail/persistence';
import { Contract, NonceManager, toBeHex, Transaction, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { approveProxy, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { startRpcGate, type RpcCall, type RpcGate } from '@payrail/test-support/rpc-gate.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { addEndpoint, emit, paymentConfirmed, seedClientId, seedPlatform } from '@payrail/test-support/webhook-worker/fixtures.js';
import { type ReceivedWebhook, TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';

/** terminationGracePeriodSeconds of k8s/base: the APIs 30 s, the workers 60 s. */
const GRACE_MS = { api: 30_000, worker: 60_000 };
/** How long an API serves on, unready, after SIGTERM (production default 5 s). */
const SHUTDOWN_DELAY_MS = 3000;
const BURST = 5;
/** Webhook events emitted at once: more than the worker has in flight, so some wait in the queue at SIGTERM. */
const EVENTS = 24;

/** SIGTERM now; resolves with the exit code and the time the process took to exit. */
function sigterm(child: ChildProcess): Promise<{ code: number | string | null; ms: number }> {
  const sent = Date.now();
  const exited = new Promise<{ code: number | string | null; ms: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code: code ?? signal, ms: Date.now() - sent })),
  );
  child.kill('SIGTERM');
  return exited;
}

/** Resolves once the app's port refuses connections (it has begun its shutdown). */
const listenerClosed = (app: AppHandle) =>
  waitFor(
    `${app.name} to stop accepting connections`,
    () =>
      fetch(`${app.url}/health/live`).then(
        () => undefined,
        (error: { cause?: { code?: string } }) => (error.cause?.code === 'ECONNREFUSED' ? true : undefined),
      ),
    10000,
    20,
  );

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

const requestIdOf = (r: ReceivedWebhook) => (JSON.parse(r.body) as { requestId: string }).requestId;

// Issue #30 item 4: each built app, as a real process, gets SIGTERM in the middle of a burst it
// is serving; the burst is held open by the test (a table lock, a receiver, an RPC gate), so the
// signal always lands mid-burst. Each app must answer or finish what is in flight, exit 0 within
// its grace period, and leave nothing lost or done twice.
describe('SIGTERM mid-burst drains each app (built apps, real processes, private chain)', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let gate: RpcGate;
  let db: DataSource;
  let env: Record<string, string>;
  let apiKey: string;
  let api: AppHandle;
  const started: AppHandle[] = [];
  const closers: (() => unknown)[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
    gate = await startRpcGate(chain.anvil.rpcUrl);
    const databaseUrl = await createTestDatabase();
    env = appEnv(databaseUrl, uniqueName('drain'), {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '100',
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: 'sepolia:0',
      DETECTION_POLL_INTERVAL_MS: '100',
      RELAYER_PRIVATE_KEY: ANVIL_ACCOUNTS[3].privateKey,
      RECURRING_POLL_INTERVAL_MS: '200',
      OUTBOX_POLL_INTERVAL_MS: '20',
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    });
    apiKey = (await createTenantIn(env)).apiKey.apiKey;
    db = createDataSource(databaseUrl, 4);
    await db.initialize();
    api = await startTestApp('payments-api', env);
    started.push(api);
  }, 120000);

  afterAll(async () => {
    await Promise.all(started.map((a) => a.stop()));
    for (const close of closers) await close();
    await db?.destroy();
    await gate?.close();
    await chain?.stop();
  });

  const start = async (name: AppHandle['name'], extra: Record<string, string> = {}) => {
    const app = await startTestApp(name, { ...env, ...extra });
    started.push(app);
    return app;
  };

  /** Backends of this database waiting for a lock on `table`. */
  const waitingOn = async (table: string) =>
    (
      await sqlOne<{ n: number }>(
        db,
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
         WHERE d.datname = current_database() AND l.relation = $1::regclass AND NOT l.granted`,
        [table],
      )
    )?.n ?? 0;

  /**
   * BURST requests that write `table` are held by a SHARE lock the test owns (the API has
   * accepted and is working on each); SIGTERM; readiness answers 503 while the API still serves;
   * then the listener closes; the lock is released: every held request gets its answer.
   */
  async function drainApi(app: AppHandle, table: string, send: (i: number) => Promise<Response>, created: number) {
    const locker = db.createQueryRunner();
    await locker.connect();
    await locker.startTransaction();
    await sqlExecute(locker.manager, `LOCK TABLE ${table} IN SHARE MODE`);
    const rowsBefore = (await sqlOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${table}`))!.n;
    const burst = Array.from({ length: BURST }, (_, i) =>
      send(i).then(
        (res) => ({ status: res.status, connection: res.headers.get('connection') }),
        (error: { cause?: { code?: string } }) => ({ status: -1, connection: error.cause?.code ?? String(error) }),
      ),
    );
    await waitFor(`${BURST} requests waiting on ${table}`, async () => ((await waitingOn(table)) >= BURST ? true : undefined), 20000, 20);
    const exited = sigterm(app.child);
    // Unready at once, while it goes on serving (the load balancer's time to take it out).
    const ready = await waitFor(
      'readiness to answer 503',
      async () => {
        const res = await fetch(`${app.url}/health/ready`);
        return res.status === 503 ? ((await res.json()) as object) : undefined;
      },
      SHUTDOWN_DELAY_MS,
      20,
    );
    expect(ready).toEqual({ statusCode: 503, message: 'Not ready: shutdown (draining after SIGTERM)', error: 'Service Unavailable' });
    const late = await fetch(`${app.url}/health/live`);
    expect(late.status).toBe(200);
    expect(late.headers.get('connection')).toBe('close');
    await listenerClosed(app);
    expect(app.child.exitCode).toBeNull(); // still waiting for the held requests
    await locker.commitTransaction();
    await locker.release();
    expect(await Promise.all(burst)).toEqual(Array.from({ length: BURST }, () => ({ status: created, connection: 'close' })));
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(GRACE_MS.api);
    expect((await sqlOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${table}`))!.n).toBe(rowsBefore + BURST);
  }

  it('chain-worker finishes settling the block of payments it is reading, then exits 0; each payment settled once', async () => {
    const worker = await start('chain-worker', { RPC_URL_SEPOLIA: gate.url, RECURRING_ENABLED: 'false' });
    const { tokens, contracts } = chain.deployment;
    const amount = 1_000_000n;
    const payee = Wallet.createRandom().address;
    const requests = await Promise.all(
      Array.from({ length: BURST }, () =>
        insertRequest(db, {
          payee,
          token: tokens.USDC.address,
          proxy: contracts.ERC20FeeProxy,
          expected: amount,
          decimals: 6,
          paymentCurrency: 'fUSDC-sepolia',
        }),
      ),
    );
    await approveProxy(chain.provider, contracts.ERC20FeeProxy, tokens.USDC.address, amount * BigInt(BURST));
    // All the payments in one block, whose eth_getLogs the gate holds.
    await chain.provider.send('evm_setAutomine', [false]);
    const block = (await chain.provider.getBlockNumber()) + 1;
    const covers = (c: RpcCall) => {
      const range = c.params?.[0] as { fromBlock?: string; toBlock?: string } | undefined;
      return c.method === 'eth_getLogs' && Number(range?.fromBlock) <= block && Number(range?.toBlock) >= block;
    };
    const hold = gate.holdNext(covers);
    const payer = new NonceManager(new Wallet(ANVIL_ACCOUNTS[1].privateKey, chain.provider));
    const proxy = new Contract(
      contracts.ERC20FeeProxy,
      ['function transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)'],
      payer,
    );
    const pay = proxy.getFunction('transferFromWithReferenceAndFee');
    for (const r of requests) await pay(tokens.USDC.address, payee, amount, r.reference, 0n, '0x0000000000000000000000000000000000000000');
    await chain.provider.send('evm_mine', []);
    await chain.provider.send('evm_setAutomine', [true]);
    expect((await chain.provider.getBlock(block))!.transactions).toHaveLength(BURST);
    await hold.held;

    const exited = sigterm(worker.child);
    await listenerClosed(worker);
    hold.release();
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(GRACE_MS.worker);
    // Settled by the pass under way at SIGTERM, before the exit: no restart needed.
    const settled = await sqlRows<{ block_number: string; settled: boolean }>(
      db,
      `SELECT block_number, settled_at IS NOT NULL AS settled FROM payment_transfers WHERE to_address ILIKE $1`,
      [payee],
    );
    expect(settled).toEqual(Array.from({ length: BURST }, () => ({ block_number: String(block), settled: true })));
    const confirmed = await sqlRows<{ id: string; n: number }>(
      db,
      `SELECT aggregate_id AS id, count(*)::int AS n FROM outbox_events WHERE event_type = 'payment.confirmed' AND aggregate_id = ANY($1) GROUP BY 1`,
      [requests.map((r) => r.requestId)],
    );
    expect(confirmed.map((c) => c.n)).toEqual(Array.from({ length: BURST }, () => 1));
  }, 90000);

  it('chain-worker exits 0 while its recurring execution is on the wire; the transaction is recorded, sent once', async () => {
    const wallet = new Wallet(Wallet.createRandom().privateKey);
    const payer = new ChainPayer(chain.anvil.rpcUrl, wallet.privateKey);
    closers.push(() => payer.close());
    const token = chain.deployment.tokens.USDC.address;
    await chain.provider.send('anvil_setBalance', [wallet.address, toBeHex(10n ** 18n)]);
    const mint = `0x40c10f19${wallet.address.slice(2).toLowerCase().padStart(64, '0')}${100_000_000n.toString(16).padStart(64, '0')}`;
    await payer.submit([{ to: token, data: mint, value: '0x0' }]);
    const call = async <T>(method: string, path: string, body: object) => {
      const res = await fetch(`${api.url}${path}`, {
        method,
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as T };
    };
    const created = await call<{
      id: string;
      transactions: { to: string; data: string; value: string }[];
      recurringPaymentPermit: RecurringPaymentPermit;
    }>('POST', '/v2/payouts', {
      payee: Wallet.createRandom().address,
      amount: '7.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: { startDate: new Date().toISOString().slice(0, 10), frequency: 'DAILY', totalPayments: 2, payer: wallet.address },
    });
    expect(created.status).toBe(201);
    await payer.submit(created.body.transactions);
    const { domain, types, values } = created.body.recurringPaymentPermit;
    const signature = await wallet.signTypedData(domain, types, values);

    const worker = await start('chain-worker', { RPC_URL_SEPOLIA: gate.url, DETECTION_ENABLED: 'false' });
    const hold = gate.holdNext((c) => c.method === 'eth_sendRawTransaction');
    expect((await call('POST', `/v2/payouts/recurring/${created.body.id}`, { permitSignature: signature })).status).toBe(201);
    await hold.held; // payment 1 is signed and on its way to the node
    const exited = sigterm(worker.child);
    await listenerClosed(worker);
    hold.release();
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(GRACE_MS.worker);

    const sent = gate.calls().filter((c) => c.method === 'eth_sendRawTransaction');
    expect(sent).toHaveLength(1);
    const hash = Transaction.from(sent[0].params![0] as string).hash!;
    expect(
      await sqlRows(db, 'SELECT index, status, tx_hash FROM recurring_executions WHERE recurring_payment_id = $1', [created.body.id]),
    ).toEqual([{ index: 1, status: 'succeeded', tx_hash: hash }]);
    expect((await chain.provider.getTransactionReceipt(hash))?.status).toBe(1);
  }, 90000);

  it('webhook-worker finishes the attempts in flight and leaves the rest queued: after a restart every event is delivered exactly once', async () => {
    const release = deferred();
    const receiver = await TestReceiver.start(() => ({ status: 200, after: release.promise }));
    closers.push(() => receiver.close());
    const platformId = await seedPlatform(db);
    const client = await seedClientId(db, platformId);
    await addEndpoint(db, { kind: 'client-id', clientIdId: client.id }, receiver.url());
    // At most BURST attempts at the endpoint at once: the others wait in the queue at SIGTERM. A
    // reconciler that finds them overdue within half a second queues single jobs beside their
    // waiting batch jobs (as a restart gap longer than its 5 s grace does): still sent once.
    const workerEnv = {
      WEBHOOK_ENDPOINT_MAX_CONCURRENCY: String(BURST),
      WEBHOOK_RECONCILE_GRACE_MS: '500',
      WEBHOOK_RECONCILE_INTERVAL_MS: '500',
    };
    const worker = await start('webhook-worker', workerEnv);
    await emit(
      db,
      Array.from({ length: EVENTS }, () => paymentConfirmed({ platformId }, { clientId: client.clientId })),
    );
    await receiver.waitFor(BURST, 30000); // BURST attempts held open by the receiver

    const exited = sigterm(worker.child);
    await listenerClosed(worker);
    const inFlight = receiver.received.map(requestIdOf);
    release.resolve();
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(GRACE_MS.worker);
    // Every attempt the receiver got before the exit was answered and recorded as delivered.
    const recorded = await sqlRows<{ request_id: string; status: string }>(
      db,
      `SELECT body::jsonb->>'requestId' AS request_id, status FROM webhook_deliveries WHERE body::jsonb->>'requestId' = ANY($1)`,
      [receiver.received.map(requestIdOf)],
    );
    expect(
      recorded
        .filter((r) => r.status === 'succeeded')
        .map((r) => r.request_id)
        .sort(),
    ).toEqual(receiver.received.map(requestIdOf).sort());
    expect(inFlight.length).toBeGreaterThanOrEqual(BURST);
    expect(inFlight.length).toBeLessThan(EVENTS);

    await start('webhook-worker', workerEnv);
    await receiver.until(() => new Set(receiver.received.map(requestIdOf)).size >= EVENTS, `${EVENTS} distinct events`, 30000);
    const perEvent = new Map<string, number>();
    for (const r of receiver.received) perEvent.set(requestIdOf(r), (perEvent.get(requestIdOf(r)) ?? 0) + 1);
    expect([...perEvent.values()].every((n) => n === 1)).toBe(true);
    expect(perEvent.size).toBe(EVENTS);
  }, 90000);

  it('payments-api answers every request in flight, then exits 0', async () => {
    const body = (i: number) =>
      JSON.stringify({
        amount: `${i + 1}`,
        payee: Wallet.createRandom().address,
        invoiceCurrency: 'fUSDC-sepolia',
        paymentCurrency: 'fUSDC-sepolia',
      });
    await drainApi(
      api,
      'requests',
      (i) =>
        fetch(`${api.url}/v2/request`, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: body(i),
        }),
      201,
    );
  }, 60000);

  it('auth-api answers every request in flight, then exits 0', async () => {
    const auth = await start('auth-api');
    const email = (i: number) => `drain-${i}-${Date.now()}@example.com`;
    await drainApi(
      auth,
      'users',
      (i) =>
        fetch(`${auth.url}/v1/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: email(i), password: 'correct horse battery' }),
        }),
      201,
    );
  }, 60000);
});
