import { Contract, Wallet } from 'ethers';
import { createDataSource } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { type ApiTransaction, ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { scrape, sampleOf, total, unboundedLabels, type ScrapedFamily } from '@payrail/test-support/metrics/scrape.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { addEndpoint } from '@payrail/test-support/webhook-worker/fixtures.js';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

type Scrape = Map<string, ScrapedFamily>;
const NAMES = ['payments-api', 'auth-api', 'webhook-worker', 'chain-worker'] as const;

// The four built apps as processes: one payout paid on the local chain, detected, settled and
// delivered to a webhook receiver; then every app's metrics port is scraped and parsed.
describe('metrics of every app after a full payment flow (real processes, Prometheus text format)', () => {
  const chain = testStack().chain;
  const apps = {} as Record<(typeof NAMES)[number], AppHandle>;
  const scraped = {} as Record<(typeof NAMES)[number], Scrape>;
  let db: DataSource;
  let payer: ChainPayer;
  let receiver: TestReceiver;
  let apiKey: string;

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('met'), {
      RATE_LIMIT_MULTIPLIER: '100',
      DETECTION_POLL_INTERVAL_MS: '200',
      RELAYER_PRIVATE_KEY: ANVIL_ACCOUNTS[3].privateKey,
    });
    const tenant = await createTenantIn(env);
    apiKey = tenant.apiKey.apiKey;
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    receiver = await TestReceiver.start();
    await addEndpoint(db, { kind: 'client-id', clientIdId: tenant.client.id }, receiver.url());
    const started = await Promise.all(NAMES.map((name) => startTestApp(name, env)));
    for (const app of started) apps[app.name] = app;
    payer = new ChainPayer(chain.rpcUrl, ANVIL_ACCOUNTS[6].privateKey);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(payer.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();

    // Two refused requests (no key, a wrong key), then one payout paid with its own transactions.
    await fetch(`${apps['payments-api'].url}/v2/currencies?network=sepolia`);
    await fetch(`${apps['payments-api'].url}/v2/currencies?network=sepolia`, { headers: { 'x-api-key': 'not-a-key' } });
    const res = await fetch(`${apps['payments-api'].url}/v2/payouts`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        payee: Wallet.createRandom().address,
        amount: '3',
        invoiceCurrency: 'fUSDC-sepolia',
        paymentCurrency: 'fUSDC-sepolia',
        payerWallet: payer.address,
      }),
    });
    expect(res.status).toBe(201);
    const payout = (await res.json()) as { requestId: string; transactions: ApiTransaction[] };
    await payer.submit(payout.transactions);
    await receiver.until(
      () => receiver.received.some((r) => r.body.includes('"payment.confirmed"') || r.body.includes(payout.requestId)),
      'the payment webhook',
      20000,
    );
    // The delivery's attempt is recorded right after the receiver answered; the relay's pass ends after the fan-out.
    await waitFor(
      'the delivery counted',
      async () => (total(await scrape(apps['webhook-worker'].metricsUrl), 'payrail_webhook_deliveries_total') > 0 ? true : undefined),
      10000,
      100,
    );
    for (const name of NAMES) scraped[name] = await scrape(apps[name].metricsUrl);
  }, 180000);

  afterAll(async () => {
    payer?.close();
    await receiver?.close();
    await db?.destroy();
    await Promise.all(Object.values(apps).map((a) => a.stop()));
  });

  it.each(NAMES)('%s serves metrics on its own port, not on the public one, with the Node defaults', async (name) => {
    expect(new URL(apps[name].metricsUrl).port).not.toBe(new URL(apps[name].url).port);
    expect((await fetch(`${apps[name].url}/metrics`)).status).toBe(404);
    const m = scraped[name];
    expect(sampleOf(m, 'payrail_nodejs_eventloop_lag_seconds')?.value).toBeGreaterThanOrEqual(0);
    expect(sampleOf(m, 'payrail_nodejs_heap_size_used_bytes')?.value).toBeGreaterThan(1e6);
    expect(m.get('payrail_process_cpu_seconds_total')?.type).toBe('counter');
    expect(total(m, 'payrail_http_requests_total', { route: '/health/ready', method: 'GET', status_class: '2xx' })).toBeGreaterThan(0);
  });

  it('counts the API requests by route template, method and status class, and the refused ones by auth mode', () => {
    const m = scraped['payments-api'];
    expect(total(m, 'payrail_http_requests_total', { route: '/v2/payouts', method: 'POST', status_class: '2xx' })).toBe(1);
    expect(total(m, 'payrail_http_request_duration_seconds', { route: '/v2/payouts', method: 'POST', status_class: '2xx' })).toBe(1);
    expect(sampleOf(m, 'payrail_http_request_duration_seconds', { route: '/v2/payouts' })?.sum).toBeGreaterThan(0);
    expect(total(m, 'payrail_http_requests_total', { route: '/v2/currencies', status_class: '4xx' })).toBe(2);
    expect(total(m, 'payrail_http_auth_failures_total')).toBe(2);
    expect(m.has('payrail_http_rate_limit_rejections_total')).toBe(true);
  });

  it('reports the outbox drained, with every partition, and the relay passes', () => {
    const m = scraped['webhook-worker'];
    expect(m.get('payrail_outbox_backlog_rows')?.samples).toHaveLength(16);
    expect(total(m, 'payrail_outbox_backlog_rows')).toBe(0);
    expect(m.get('payrail_outbox_oldest_unpublished_age_seconds')?.samples.every((s) => s.value === 0)).toBe(true);
    expect(total(m, 'payrail_outbox_relay_pass_duration_seconds')).toBeGreaterThan(0);
    expect(total(m, 'payrail_outbox_events_relayed_total')).toBeGreaterThanOrEqual(1);
  });

  it('reports the webhook queue, the delivery counted once with its latency, and no disabled endpoint', () => {
    const m = scraped['webhook-worker'];
    const delivered = receiver.received.length;
    expect(total(m, 'payrail_webhook_deliveries_total', { outcome: 'succeeded', attempt: '1' })).toBe(delivered);
    expect(total(m, 'payrail_webhook_deliveries_total', { outcome: 'failed' })).toBe(0);
    expect(total(m, 'payrail_webhook_delivery_latency_seconds', { stage: 'first_attempt' })).toBe(delivered);
    expect(total(m, 'payrail_webhook_delivery_latency_seconds', { stage: 'success' })).toBe(delivered);
    expect(total(m, 'payrail_queue_wait_seconds', { queue: 'webhook-deliveries' })).toBe(delivered);
    expect(sampleOf(m, 'payrail_queue_jobs', { queue: 'webhook-deliveries', state: 'waiting' })?.value).toBe(0);
    expect(sampleOf(m, 'payrail_webhook_endpoints_disabled')?.value).toBe(0);
  });

  it('reports detection on sepolia, the RPC calls, and the one settled payment counted once as paid', () => {
    const m = scraped['chain-worker'];
    const sepolia = { network: 'sepolia' };
    const head = sampleOf(m, 'payrail_detection_head_block', sepolia)!.value!;
    const cursor = sampleOf(m, 'payrail_detection_cursor_block', sepolia)!.value!;
    expect(head).toBeGreaterThan(0);
    expect(head - cursor).toBe(sampleOf(m, 'payrail_detection_lag_blocks', sepolia)?.value);
    expect(sampleOf(m, 'payrail_detection_leader', sepolia)?.value).toBe(1);
    expect(total(m, 'payrail_detection_payments_detected_total', sepolia)).toBe(1);
    expect(total(m, 'payrail_detection_blocks_read_total', sepolia)).toBeGreaterThan(0);
    expect(total(m, 'payrail_detection_logs_read_total', sepolia)).toBeGreaterThanOrEqual(1);
    expect(total(m, 'payrail_detection_reorgs_total', sepolia)).toBe(0);
    expect(total(m, 'payrail_rpc_request_duration_seconds', { network: 'sepolia', method: 'eth_getLogs' })).toBeGreaterThan(0);
    expect(m.has('payrail_rpc_errors_total')).toBe(true);
    expect(total(m, 'payrail_settlements_total', { network: 'sepolia', outcome: 'paid' })).toBe(1);
    for (const outcome of ['partial', 'fee_short', 'reversed'])
      expect(total(m, 'payrail_settlements_total', { network: 'sepolia', outcome })).toBe(0);
  });

  it('reports recurring execution steps and the relayer balance per network', () => {
    const m = scraped['chain-worker'];
    for (const outcome of ['due', 'sent', 'confirmed', 'failed', 'paused'])
      expect(sampleOf(m, 'payrail_recurring_executions_total', { network: 'sepolia', outcome })?.value).toBe(0);
    expect(sampleOf(m, 'payrail_recurring_relayer_balance_coins', { network: 'sepolia' })?.value).toBeGreaterThan(1);
  });

  it.each(NAMES)('%s labels no metric with an id, an address or a raw path (bounded cardinality)', async (name) => {
    // A request with an id in its path: counted under its route template.
    await fetch(`${apps[name].url}/v2/request/01HZZZZZZZZZZZZZZZZZZZZZZZ`, { headers: { 'x-api-key': apiKey } });
    await fetch(`${apps[name].url}/no/such/path/0x${'ab'.repeat(20)}`);
    const m = await scrape(apps[name].metricsUrl);
    expect(unboundedLabels(m)).toEqual([]);
    for (const family of m.values())
      expect({ metric: family.name, series: Math.min(family.samples.length, 300) }).not.toMatchObject({ series: 300 });
    expect([...m.keys()].filter((n) => !n.startsWith('payrail_'))).toEqual([]);
  });
});
