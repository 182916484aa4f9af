import { Reconciler } from '@payrail/reconciliation';
import { JsonRpcProvider } from 'ethers';
import { DataSource } from 'typeorm';
import { insertRequestRow, insertTransferRow } from '@payrail/test-support/dashboard/request-rows.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { testStack } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';

interface Run {
  id: string;
  network: string;
  scope: string;
  status: string;
  discrepancies: Record<string, number>;
  discrepancyItems?: {
    class: string;
    requestId: string;
    txHash: string;
    logIndex: number;
    blockNumber: number;
    ledger: { amount: string };
  }[];
}

const hash = (n: number) => '0x' + n.toString(16).padStart(64, '0');

// The routes over real runs: an operator-wide run (as the nightly schedule makes it) over the
// suite's chain finds a ledger transfer of each tenant that the chain does not hold; each tenant
// sees the run with its own discrepancy only, and never another tenant's run.
describe('/v2/reconciliation/runs', () => {
  let p: PayoutsApi;
  let db: DataSource;
  let other: Awaited<ReturnType<typeof createTenant>>;
  let provider: JsonRpcProvider;
  let reconciler: Reconciler;
  const asOther = () => ({ 'x-api-key': other.apiKey.apiKey });

  beforeAll(async () => {
    p = await startPayoutsApi();
    db = p.api.app.get(DataSource);
    other = await createTenant(p.api.app);
    const chain = testStack().chain;
    provider = new JsonRpcProvider(chain.rpcUrl, undefined, { cacheTimeout: -1 });
    const contracts = [chain.contracts.ERC20FeeProxy, chain.contracts.EthereumFeeProxy];
    reconciler = new Reconciler(db, (n) => (n === 'sepolia' ? { provider, contracts, confirmations: 0 } : undefined), {
      chunkBlocks: 500,
      concurrency: 2,
    });
  }, 60000);
  afterAll(async () => {
    provider.destroy();
    await p.close();
  });

  it('queues a platform run (201) and refuses a bad window with the field named (400)', async () => {
    const now = Date.now();
    const created = await p.call<Run>('POST', '/v2/reconciliation/runs', {
      network: 'sepolia',
      from: new Date(now - 86_400_000).toISOString(),
      to: new Date(now - 1000).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ network: 'sepolia', scope: 'platform', status: 'queued', fromBlock: null });
    expect(created.body.discrepancies).toEqual({
      missing_in_ledger: 0,
      missing_on_chain: 0,
      amount_mismatch: 0,
      fee_mismatch: 0,
      status_mismatch: 0,
    });

    const bad = async (body: object, field: string) => {
      const res = await p.call<{ statusCode: number; errors: { field: string }[] }>('POST', '/v2/reconciliation/runs', body);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e) => e.field)).toContain(field);
    };
    await bad({ network: 'nowhere', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }, 'network');
    await bad({ network: 'base', from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }, 'network'); // no RPC_URL_BASE here
    await bad({ network: 'sepolia', from: 'yesterday', to: '2026-01-02T00:00:00Z' }, 'from');
    await bad({ network: 'sepolia', from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'to');
    await bad({ network: 'sepolia', from: '2026-01-01T00:00:00Z', to: '2026-03-01T00:00:00Z' }, 'to');
    await bad(
      { network: 'sepolia', from: '2026-01-01T00:00:00Z', to: new Date(now + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z') },
      'to',
    );
  });

  it("an operator run shows each platform its own discrepancies with their evidence; another platform's run is 404", async () => {
    const mine = await insertRequestRow(db, { platformId: p.tenant.platform.id, status: 'paid', expected: 1000n });
    const theirs = await insertRequestRow(db, { platformId: other.platform.id, status: 'paid', expected: 1000n });
    // Ledger transfers at block 1 that no fee-proxy log of the chain backs (a restore from another chain, say).
    await insertTransferRow(db, mine, { txHash: hash(0xa1), from: '0x' + '1'.repeat(40), amount: 1000n, blockNumber: 1, settled: true });
    await insertTransferRow(db, theirs, { txHash: hash(0xb1), from: '0x' + '1'.repeat(40), amount: 1000n, blockNumber: 1, settled: true });
    const runId = (await reconciler.create({
      platformId: null,
      network: 'sepolia',
      from: new Date(0),
      to: new Date(),
      trigger: 'schedule',
    }))!;
    await reconciler.runById(runId);

    const seen = await p.call<Run>('GET', `/v2/reconciliation/runs/${runId}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: runId, scope: 'operator', status: 'completed' });
    expect(seen.body.discrepancies.missing_on_chain).toBe(1);
    expect(seen.body.discrepancyItems).toEqual([
      expect.objectContaining({
        class: 'missing_on_chain',
        requestId: mine.id,
        txHash: hash(0xa1),
        logIndex: 0,
        blockNumber: 1,
        ledger: expect.objectContaining({ amount: '1000' }),
      }),
    ]);
    const theirView = await p.call<Run>('GET', `/v2/reconciliation/runs/${runId}`, undefined, asOther());
    expect(theirView.body.discrepancyItems!.map((d) => d.requestId)).toEqual([theirs.id]);

    const own = await p.call<Run>('POST', '/v2/reconciliation/runs', {
      network: 'sepolia',
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00Z',
    });
    expect((await p.call('GET', `/v2/reconciliation/runs/${own.body.id}`, undefined, asOther())).status).toBe(404);
    expect((await p.call('GET', '/v2/reconciliation/runs/not-a-run')).status).toBe(404);

    const listed = await p.call<{ runs: Run[] }>('GET', '/v2/reconciliation/runs?network=sepolia&limit=10', undefined, asOther());
    expect(listed.body.runs.map((r) => r.id)).toEqual([runId]);
    expect(listed.body.runs[0].discrepancies.missing_on_chain).toBe(1);
    expect((await p.call('GET', '/v2/reconciliation/runs?limit=0')).status).toBe(400);
  });
});
