import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { waitFor } from '@payrail/devstack';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { startTracing, tracingStarted, type Tracing } from '@payrail/platform';
import { payWithReference, privateChainWorkerEnv, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { ChainWorkerModule } from '../app.module.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

// The real chain-worker (detection and settlement) on a private anvil and real Postgres, with
// tracing started in this process on an in-memory exporter.
describe('settlement spans name the block their detection pass reached', () => {
  let chain: Chain;
  let databaseUrl: string;
  let db: DataSource;
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | undefined;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    chain = await startPrivateChain();
    databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 60000);
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    await tracing?.shutdown();
    tracing = undefined;
  });
  afterAll(async () => {
    await db.destroy();
    await chain.stop();
  });

  const startWorker = async () => {
    const env = privateChainWorkerEnv(databaseUrl, chain, 'trc');
    worker = await NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), { logger: false });
  };
  const payNewRequest = async () => {
    const req = await insertRequest(db, {
      payee: Wallet.createRandom().address,
      token: chain.deployment.tokens.USDC.address,
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      expected: 2_000_000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
    });
    const payee = (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [req.requestId]))!.payee;
    const paid = await payWithReference(chain.provider, chain.deployment, {
      token: chain.deployment.tokens.USDC.address,
      payee,
      amount: 2_000_000n,
      reference: req.reference,
    });
    await waitFor(
      'settlement',
      async () =>
        (await sqlOne<{ status: string }>(db, 'SELECT status FROM requests WHERE id = $1', [req.requestId]))?.status === 'paid'
          ? true
          : undefined,
      15000,
    );
    const [row, ...more] = await sqlRows<{ event_type: string; traceparent: string | null }>(
      db,
      `SELECT event_type, traceparent FROM outbox_events WHERE aggregate_type = 'request' AND aggregate_id = $1 ORDER BY id`,
      [req.requestId],
    );
    expect(more).toEqual([]);
    return { paid, row };
  };

  it('runs each settlement in a span under its block pass, with the network, block number and block hash, and stores its traceparent on the payment.confirmed row', async () => {
    tracing = await startTracing({ OTEL_ENABLED: true, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }, { exporter });
    await startWorker();
    const { paid, row } = await payNewRequest();

    const spans = exporter.getFinishedSpans();
    const settle = spans.find((s) => s.name === 'settle payment' && s.attributes['payrail.settlement.outcome'] === 'payment.confirmed');
    expect(settle).toBeDefined();
    const { attributes } = settle!;
    expect(attributes['payrail.network']).toBe('sepolia');
    // Detection stores a range, then settles through its end: the pass's block is at or after the payment's.
    const blockNumber = attributes['payrail.block.number'] as number;
    expect(blockNumber).toBeGreaterThanOrEqual(paid.blockNumber);
    expect(attributes['payrail.block.hash']).toBe((await chain.provider.getBlock(blockNumber))!.hash);
    expect(attributes['payrail.block.confirmed_through']).toBe(blockNumber);

    const pass = spans.find((s) => s.spanContext().spanId === settle!.parentSpanContext?.spanId);
    expect(pass?.name).toBe('chain block pass');
    expect(pass?.spanContext().traceId).toBe(settle!.spanContext().traceId);
    expect(pass?.attributes).toMatchObject({
      'payrail.network': 'sepolia',
      'payrail.block.number': blockNumber,
      'payrail.block.hash': attributes['payrail.block.hash'],
    });
    // The event's row continues this trace: its webhooks' spans will be children of the settlement.
    expect(row).toEqual({
      event_type: 'payment.confirmed',
      traceparent: `00-${settle!.spanContext().traceId}-${settle!.spanContext().spanId}-01`,
    });
  }, 60000);

  it('starts no span and stores no traceparent when tracing is off', async () => {
    const unused = new InMemorySpanExporter();
    // OTEL_ENABLED=false: nothing is registered, even with an exporter at hand.
    expect(
      await startTracing({ OTEL_ENABLED: false, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }, { exporter: unused }),
    ).toBeUndefined();
    expect(tracingStarted()).toBe(false);
    await startWorker();
    const { row } = await payNewRequest();
    expect(row).toEqual({ event_type: 'payment.confirmed', traceparent: null });
    expect(unused.getFinishedSpans()).toEqual([] as ReadableSpan[]);
    expect(trace.getTracer('payrail').startSpan('probe').isRecording()).toBe(false);
  }, 60000);
});
