import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ANVIL_ACCOUNTS, waitFor } from '@payrail/devstack';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { payWithReference, privateChainWorkerEnv, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { jsonCall } from '@payrail/test-support/json-call.js';
import { ChainPayer, setEtherBalance, type ApiTransaction } from '@payrail/test-support/payments-api/chain-payer.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { Contract, parseEther, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { ChainWorkerModule } from '../../apps/chain-worker/src/app.module.js';
import { PaymentsApiModule } from '../../apps/payments-api/src/app.module.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;
interface Refund {
  id: string;
  amount: string;
  to: string;
  from: string;
  status: string;
  paymentReference: string;
  txHash: string | null;
  exceptionId: string | null;
  transactions: ApiTransaction[];
}
type Event = { event_type: string; payload: Record<string, unknown> };

// Refunds (issue #35) on a private anvil running Request Network's published fee proxies: the API
// builds the payee's transactions, the payee's wallet sends them, and the real chain-worker detects
// and confirms them (1 confirmation: a refund is `submitted` until a block is on top of it).
// Private chain: the last test rewinds it.
describe('refunds: POST /v2/request/{id}/refunds, signed by the payee, confirmed by detection', () => {
  let chain: Chain;
  let db: DataSource;
  let api: InProcessApi;
  let worker: INestApplicationContext;
  let apiKey: string;
  let payer: ChainPayer;
  let payee: ChainPayer;
  const relayer = Wallet.createRandom();
  const payeeWallet = Wallet.createRandom();

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    const extra = { CHAIN_DEPLOYMENT_FILE: chain.deploymentFile, RPC_URL_SEPOLIA: chain.anvil.rpcUrl };
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(appEnv(databaseUrl, uniqueName('rfd'), { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000', ...extra })),
    );
    apiKey = (await createTenant(api.app)).apiKey.apiKey;
    for (const a of [relayer.address, payeeWallet.address]) await setEtherBalance(chain.anvil.rpcUrl, a, parseEther('10'));
    const workerEnv = {
      CHAIN_CONFIRMATIONS: 'sepolia:1',
      DEPOSIT_POLL_INTERVAL_MS: '100',
      RELAYER_PRIVATE_KEY: relayer.privateKey,
      RECURRING_ENABLED: 'false',
    };
    const ref = await Test.createTestingModule({
      imports: [ChainWorkerModule.forRoot(privateChainWorkerEnv(databaseUrl, chain, 'rfd', workerEnv))],
    }).compile();
    worker = await ref.init();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    payer = new ChainPayer(chain.anvil.rpcUrl, ANVIL_ACCOUNTS[1].privateKey);
    payee = new ChainPayer(chain.anvil.rpcUrl, payeeWallet.privateKey);
  }, 90000);
  afterAll(async () => {
    payer?.close();
    payee?.close();
    await worker?.close();
    await api?.close();
    await db?.destroy();
    await chain?.stop();
  });

  const call = <T = Record<string, unknown>>(method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
    jsonCall<T>(`${api.url}${path}`, method, { 'x-api-key': apiKey, ...headers }, body);
  const refund = (requestId: string, key: string, body: object = {}) =>
    call<Refund>('POST', `/v2/request/${requestId}/refunds`, body, { 'idempotency-key': key });
  const refundOf = async (requestId: string, id: string) => (await call<Refund>('GET', `/v2/request/${requestId}/refunds/${id}`)).body;
  const until = (what: string, check: () => Promise<boolean>, ms = 15000) =>
    waitFor(what, async () => ((await check()) ? true : undefined), ms);
  /** Waits, mining a block after each failed check: with 1 confirmation a transfer settles once a block is on top of it. */
  const untilMined = (what: string, check: () => Promise<boolean>, ms = 15000) =>
    waitFor(
      what,
      async () => {
        if (await check()) return true;
        await chain.provider.send('anvil_mine', ['0x1']);
        return undefined;
      },
      ms,
    );
  const statusOf = async (requestId: string) => (await call<{ status: string }>('GET', `/v2/request/${requestId}`)).body.status;
  /** A request's events (refund events are on the request's aggregate); with `refundId`, that refund's refund.* events. */
  const events = (requestId: string, refundId?: string) =>
    sqlRows<Event>(
      db,
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_type = 'request' AND aggregate_id = $1
          AND ($2::text IS NULL OR (payload->>'refundId' = $2 AND event_type LIKE 'refund.%')) ORDER BY id`,
      [requestId, refundId ?? null],
    );
  const usdc = () => chain.deployment.tokens.USDC.address;

  /** A request to the payee, paid in full by the funded payer through GET /pay's transactions; settled. */
  async function paidRequest(currency: string, amount: string): Promise<string> {
    const created = await call<{ requestId: string }>('POST', '/v2/request', {
      payee: payeeWallet.address,
      amount,
      invoiceCurrency: currency,
      paymentCurrency: currency,
    });
    expect(created.status).toBe(201);
    const { requestId } = created.body;
    const pay = await call<{ transactions: ApiTransaction[] }>('GET', `/v2/request/${requestId}/pay?wallet=${payer.address}`);
    await payer.submit(pay.body.transactions);
    await untilMined('paid', async () => (await statusOf(requestId)) === 'paid');
    return requestId;
  }

  it('a full ERC-20 refund: the payee signs its transactions, detection confirms it, events once; nothing is left to refund', async () => {
    const requestId = await paidRequest('fUSDC-sepolia', '5');
    const missingKey = await call('POST', `/v2/request/${requestId}/refunds`, {});
    expect(missingKey.status).toBe(400);
    expect(missingKey.body).toMatchObject({ statusCode: 400, errors: [{ field: 'Idempotency-Key' }] });

    const created = await refund(requestId, 'full-1');
    expect(created.status).toBe(201);
    const r = created.body;
    expect(r).toMatchObject({ amount: '5.0', to: payer.address, from: payeeWallet.address, status: 'awaiting_signature', txHash: null });
    expect(r.paymentReference).toMatch(/^0x[0-9a-f]{16}$/);
    // approve(ERC20FeeProxy, 5) then transferFromWithReferenceAndFee(token, payer, 5, reference, 0, 0x0).
    expect(r.transactions.map((t) => [t.to, t.data.slice(0, 10)])).toEqual([
      [usdc(), '0x095ea7b3'],
      [chain.deployment.contracts.ERC20FeeProxy, '0xc219a14d'],
    ]);
    expect(r.transactions[1].data).toContain(r.paymentReference.slice(2));

    const before = await payer.tokenBalance(usdc(), payer.address);
    const receipts = await payee.submit(r.transactions);
    // Seen by detection, not yet under its confirmation: submitted, with its transaction.
    await until('submitted', async () => (await refundOf(requestId, r.id)).status === 'submitted');
    expect(await refundOf(requestId, r.id)).toMatchObject({ status: 'submitted', txHash: receipts[1].hash, transactions: [] });
    await untilMined('confirmed', async () => (await refundOf(requestId, r.id)).status === 'confirmed');
    expect(await payer.tokenBalance(usdc(), payer.address)).toBe(before + 5_000_000n);
    expect(await refundOf(requestId, r.id)).toMatchObject({ status: 'confirmed', txHash: receipts[1].hash, transactions: [] });
    const record = await call<{ status: string; refunds: Refund[] }>('GET', `/v2/request/${requestId}`);
    expect(record.body.status).toBe('paid'); // a refund gives money back; the request stays paid
    expect(record.body.refunds).toMatchObject([{ id: r.id, status: 'confirmed', amount: '5.0', txHash: receipts[1].hash }]);
    expect(record.body.refunds[0]).not.toHaveProperty('transactions');

    // More passes over the chain write nothing again.
    await chain.provider.send('anvil_mine', ['0x5']);
    await until(
      'detection past the refund',
      async () => (await sqlRows(db, 'SELECT 1 FROM chain_cursors WHERE block_number >= $1', [receipts[1].blockNumber + 5])).length > 0,
    );
    const refundEvents = await events(requestId, r.id);
    expect(refundEvents.map((e) => e.event_type)).toEqual(['refund.created', 'refund.confirmed']);
    expect(refundEvents[1].payload).toMatchObject({
      event: 'refund.confirmed',
      refundId: r.id,
      requestId,
      amount: '5.0',
      currency: 'fUSDC-sepolia',
      to: payer.address,
      status: 'confirmed',
      txHash: receipts[1].hash,
      refundPaymentReference: r.paymentReference,
    });
    const refunded = (await events(requestId)).filter((e) => e.event_type === 'payment.refunded');
    expect(refunded).toHaveLength(1);
    expect(refunded[0].payload).toMatchObject({
      requestId,
      requestID: requestId,
      refundId: r.id,
      amount: '5.0',
      totalAmountRefunded: '5.0',
    });

    const again = await refund(requestId, 'full-2');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
  }, 90000);

  it('100 identical refund calls at once make one refund; different keys racing for the rest get only what is refundable', async () => {
    const requestId = await paidRequest('fUSDC-sepolia', '5');
    const identical = await Promise.all(Array.from({ length: 100 }, () => refund(requestId, 'same-key', { amount: '2' })));
    expect(identical.map((r) => r.status)).toEqual(Array(100).fill(201));
    expect(new Set(identical.map((r) => r.body.id)).size).toBe(1);
    expect(await sqlRows(db, 'SELECT id FROM refunds WHERE request_id = $1', [requestId])).toHaveLength(1);
    expect((await events(requestId, identical[0].body.id)).map((e) => e.event_type)).toEqual(['refund.created']);

    // 3 are left: eight callers with their own keys ask 1 each at once; exactly three win.
    const racing = await Promise.all(Array.from({ length: 8 }, (_, i) => refund(requestId, `race-${i}`, { amount: '1' })));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(3);
    expect(racing.filter((r) => r.status === 409)).toHaveLength(5);
    const stored = await sqlRows<{ total: string }>(db, 'SELECT SUM(amount)::text AS total FROM refunds WHERE request_id = $1', [
      requestId,
    ]);
    expect(stored[0].total).toBe('5000000');
    const over = await refund(requestId, 'over', { amount: '0.000001' });
    expect(over.status).toBe(409);
    const listed = await call<{ refunds: Refund[] }>('GET', `/v2/request/${requestId}/refunds`);
    expect(listed.body.refunds.map((r) => r.amount)).toEqual(['2.0', '1.0', '1.0', '1.0']);
    expect(listed.body.refunds.every((r) => r.status === 'awaiting_signature' && r.transactions.length === 2)).toBe(true);

    // A partial refund over the limit of a fresh request is refused before it is stored, naming amount.
    const other = await paidRequest('fUSDC-sepolia', '1');
    const tooMuch = await refund(other, 'too-much', { amount: '1.5' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ errors: [{ field: 'amount' }] });
  }, 90000);

  it('a partial native refund to a given address, confirmed by detection', async () => {
    const requestId = await paidRequest('ETH-sepolia-sepolia', '1');
    const to = Wallet.createRandom().address;
    // exceptionId must name one of the request's exceptions (the overpayment test links a real one).
    const unknown = await refund(requestId, 'native-exc', { amount: '0.4', exceptionId: 'exc_1' });
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Exception not found on this request' } });
    const created = await refund(requestId, 'native', { amount: '0.4', refundAddress: to.toLowerCase() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ amount: '0.4', to, exceptionId: null, status: 'awaiting_signature' });
    expect(created.body.transactions.map((t) => [t.to, t.data.slice(0, 10)])).toEqual([
      [chain.deployment.contracts.EthereumFeeProxy, '0xb868980b'],
    ]);
    await payee.submit(created.body.transactions);
    await untilMined('confirmed', async () => (await refundOf(requestId, created.body.id)).status === 'confirmed');
    expect(await payer.nativeBalance(to)).toBe(parseEther('0.4'));
    const left = await refund(requestId, 'native-rest');
    expect(left.body).toMatchObject({ amount: '0.6', to: payer.address });
  }, 60000);

  it('a payment through a deposit address needs a refundAddress (its sender is the forwarder, not the payer)', async () => {
    const created = await call<{ requestId: string }>('POST', '/v2/request', {
      payee: payeeWallet.address,
      amount: '2',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
    });
    const { requestId } = created.body;
    const deposit = (await call<{ deposit?: { address: string } }>('GET', `/v2/request/${requestId}`)).body.deposit!;
    const transfer = new Contract(usdc(), ['function transfer(address,uint256) returns (bool)'], payer.signer);
    await ((await transfer.getFunction('transfer')(deposit.address, 2_000_000n)) as { wait(): Promise<unknown> }).wait();
    await untilMined('swept and paid', async () => (await statusOf(requestId)) === 'paid', 30000);
    const without = await refund(requestId, 'dep-1');
    expect(without.status).toBe(400);
    expect(without.body).toMatchObject({ errors: [{ field: 'refundAddress' }] });
    expect((without.body as unknown as { message: string }).message).toContain('deposit address');
    const withAddress = await refund(requestId, 'dep-2', { refundAddress: payer.address });
    expect(withAddress.status).toBe(201);
    expect(withAddress.body).toMatchObject({ amount: '2.0', to: payer.address });
  }, 60000);

  it('an overpayment refunded through its exception: the excess by default, idempotent, 409s; confirmed, the exception is refunded', async () => {
    const created = await call<{ requestId: string }>('POST', '/v2/request', {
      payee: payeeWallet.address,
      amount: '2',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
    });
    const { requestId } = created.body;
    const row = (await sqlOne<{ payment_reference: string }>(db, 'SELECT payment_reference FROM requests WHERE id = $1', [requestId]))!;
    await payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: payeeWallet.address,
      amount: 2_300_000n,
      reference: row.payment_reference,
    });
    payer.signer.reset(); // payWithReference sent from the same account: the payer's next nonce is read again
    type Exception = { id: string; kind: string; status: string; resolution: string | null; requestId: string };
    const exceptionOf = async () =>
      (await call<{ exceptions: Exception[] }>('GET', `/v2/request/${requestId}`)).body.exceptions.find((e) => e.kind === 'overpaid');
    await untilMined('the overpaid exception', async () => (await exceptionOf())?.status === 'open');
    const exception = (await exceptionOf())!;
    const refundIt = (key: string | null, body: object = {}, credential = apiKey) =>
      jsonCall<Refund>(
        `${api.url}/v2/exceptions/${exception.id}/refund`,
        'POST',
        {
          'x-api-key': credential,
          ...(key === null ? {} : { 'idempotency-key': key }),
        },
        body,
      );

    expect(await refundIt(null)).toMatchObject({ status: 400, body: { errors: [{ field: 'Idempotency-Key' }] } });
    const otherKey = (await createTenant(api.app)).apiKey.apiKey;
    expect(await refundIt('exc-other', {}, otherKey)).toMatchObject({ status: 404, body: { statusCode: 404 } });
    expect(await refundIt('exc-too-much', { amount: '2.31' })).toMatchObject({ status: 409, body: { statusCode: 409, error: 'Conflict' } });

    const first = await refundIt('exc-1');
    expect(first.status).toBe(201);
    // The excess above the 2 expected, back to the wallet that paid, linked to the exception.
    expect(first.body).toMatchObject({ amount: '0.3', to: payer.address, exceptionId: exception.id, status: 'awaiting_signature' });
    const replay = await refundIt('exc-1');
    expect(replay).toMatchObject({ status: 201, body: { id: first.body.id } }); // the same refund again
    // A second refund of the same exception while the first is under way, by either route.
    const second = await refundIt('exc-2');
    expect(second).toMatchObject({ status: 409, body: { message: expect.stringContaining(first.body.id) as string } });
    expect(await refund(requestId, 'exc-3', { exceptionId: exception.id })).toMatchObject({ status: 409 });
    // Nor accepted meanwhile: the refund under way decides it.
    expect(await call('POST', `/v2/exceptions/${exception.id}/accept`)).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining(first.body.id) as string },
    });
    expect(await exceptionOf()).toMatchObject({ status: 'open', resolution: null }); // open until the refund is confirmed

    await payee.submit(first.body.transactions);
    await untilMined('the refund confirmed', async () => (await refundOf(requestId, first.body.id)).status === 'confirmed');
    expect(await exceptionOf()).toMatchObject({ status: 'refunded', resolution: 'refunded' });
    const listed = await call<{ data: Exception[] }>('GET', `/v2/exceptions?status=refunded&requestId=${requestId}`);
    expect(listed.body.data.map((e) => e.id)).toEqual([exception.id]);
    // More passes over the chain write nothing again.
    await chain.provider.send('anvil_mine', ['0x3']);
    const head = await chain.provider.getBlockNumber();
    await until(
      'detection past the refund',
      async () => (await sqlRows(db, 'SELECT 1 FROM chain_cursors WHERE block_number >= $1', [head])).length > 0,
    );
    const kinds = (await events(requestId)).map((e) => e.event_type);
    expect(kinds.filter((k) => k === 'refund.confirmed')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'payment.exception.resolved')).toHaveLength(1);
    expect(kinds.indexOf('payment.exception.resolved')).toBeGreaterThan(kinds.indexOf('refund.confirmed'));
    const resolved = (await events(requestId)).find((e) => e.event_type === 'payment.exception.resolved')!;
    expect(resolved.payload).toMatchObject({ exceptionId: exception.id, kind: 'overpaid', status: 'refunded', resolution: 'refunded' });

    expect(await refundIt('exc-4')).toMatchObject({
      status: 409,
      body: { message: 'Exception is refunded; only an open exception can be refunded' },
    });
    expect(await call('POST', `/v2/exceptions/${exception.id}/accept`)).toMatchObject({ status: 409 });
  }, 90000);

  it('a reorg removing a refunded payment: the refund stays recorded (failed, refund.failed once) and the request is pending again', async () => {
    const snapshot = (await chain.provider.send('evm_snapshot', [])) as string;
    const requestId = await paidRequest('fUSDC-sepolia', '3');
    const created = await refund(requestId, 'reorg', { amount: '1' });
    await payee.submit(created.body.transactions);
    await untilMined('confirmed', async () => (await refundOf(requestId, created.body.id)).status === 'confirmed');

    expect(await chain.provider.send('evm_revert', [snapshot])).toBe(true);
    await until('refund failed', async () => (await refundOf(requestId, created.body.id)).status === 'failed');
    await until('request pending', async () => (await statusOf(requestId)) === 'pending');
    const record = await call<{ refunds: Refund[] }>('GET', `/v2/request/${requestId}`);
    expect(record.body.refunds).toMatchObject([{ id: created.body.id, status: 'failed', failureReason: 'reorg', amount: '1.0' }]);
    await chain.provider.send('anvil_mine', ['0x5']);
    const head = await chain.provider.getBlockNumber();
    await until(
      'detection at the new head',
      async () => (await sqlRows(db, 'SELECT 1 FROM chain_cursors WHERE block_number >= $1', [head])).length > 0,
    );
    expect((await events(requestId, created.body.id)).map((e) => e.event_type)).toEqual([
      'refund.created',
      'refund.confirmed',
      'refund.failed',
    ]);
    expect((await events(requestId)).filter((e) => e.event_type === 'payment.reversed')).toHaveLength(1);
  }, 90000);
});
