import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createDataSource, sqlOne } from '@payrail/persistence';
import { repoRoot, type LocalDeployment } from '@payrail/devstack';
import { JsonRpcProvider, Wallet } from 'ethers';
import type { DataSource } from 'typeorm';
import { payWithReference } from '@payrail/test-support/chain-worker/private-chain.js';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { insertTransferRow } from '@payrail/test-support/dashboard/request-rows.js';
import { appEnv, createTestDatabase, testStack, uniqueName } from '@payrail/test-support/stack.js';

const exec = promisify(execFile);

// `admin reconcile` and `admin reconcile repair` as operators run them (built, their own process)
// over the suite's chain: a payment no detection recorded is missing_in_ledger, a ledger row the
// chain does not back is missing_on_chain; the repair writes the missing transfer, once.
describe('admin reconcile', () => {
  let env: Record<string, string>;
  let db: DataSource;
  let provider: JsonRpcProvider;

  beforeAll(async () => {
    env = { PATH: process.env.PATH ?? '', ...appEnv(await createTestDatabase(), uniqueName('recon-cli'), { LOG_LEVEL: 'silent' }) };
    db = createDataSource(env.DATABASE_URL, 2);
    await db.initialize();
    provider = new JsonRpcProvider(testStack().chain.rpcUrl, undefined, { cacheTimeout: -1 });
  });
  afterAll(async () => {
    provider.destroy();
    await db.destroy();
  });

  async function admin(...args: string[]): Promise<{ code: number; json: Record<string, unknown> }> {
    const cli = join(repoRoot(), 'dist', 'apps', 'payments-api', 'src', 'cli', 'admin.js');
    try {
      const { stdout } = await exec(process.execPath, [cli, ...args, '--json'], { env });
      return { code: 0, json: JSON.parse(stdout) as Record<string, unknown> };
    } catch (error) {
      const e = error as { code: number; stdout: string };
      return { code: e.code, json: JSON.parse(e.stdout || '{}') as Record<string, unknown> };
    }
  }

  it('reports missing_in_ledger and missing_on_chain with evidence, and the repair writes the missing transfer once', async () => {
    const chain = testStack().chain;
    const from = new Date(((await provider.getBlock('latest'))!.timestamp - 1) * 1000).toISOString();
    const unseen = await insertRequest(db, {
      payee: Wallet.createRandom().address,
      token: chain.tokens.USDC,
      proxy: chain.contracts.ERC20FeeProxy,
      expected: 1000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
    });
    const { payee } = (await sqlOne<{ payee: string }>(db, 'SELECT payee FROM requests WHERE id = $1', [unseen.requestId]))!;
    const paid = await payWithReference(provider, { contracts: chain.contracts } as unknown as LocalDeployment, {
      token: chain.tokens.USDC,
      payee,
      amount: 1000n,
      reference: unseen.reference,
      proxy: chain.contracts.ERC20FeeProxy,
    });
    const ghost = await insertRequest(db, {
      ...{ payee, token: chain.tokens.USDC, proxy: chain.contracts.ERC20FeeProxy },
      expected: 1000n,
      decimals: 6,
      paymentCurrency: 'fUSDC-sepolia',
    });
    await insertTransferRow(
      db,
      {
        referenceTopic: (await sqlOne<{ t: string }>(db, 'SELECT reference_topic AS t FROM requests WHERE id = $1', [ghost.requestId]))!.t,
      },
      {
        txHash: '0x' + 'ab'.repeat(32),
        from: payee,
        amount: 1000n,
        blockNumber: paid.blockNumber,
        settled: false,
      },
    );

    const run = await admin('reconcile', '--network', 'sepolia', '--from', from);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ status: 'completed', discrepancies: { missing_in_ledger: 1, missing_on_chain: 1 }, total: 2 });
    const items = run.json.items as { class: string; requestId: string; txHash: string; block: number }[];
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ class: 'missing_in_ledger', requestId: unseen.requestId, txHash: paid.txHash, block: paid.blockNumber }),
        expect.objectContaining({ class: 'missing_on_chain', requestId: ghost.requestId, txHash: '0x' + 'ab'.repeat(32) }),
      ]),
    );

    const repaired = await admin('reconcile', 'repair', '--run', run.json.runId as string);
    expect(repaired).toMatchObject({ code: 0, json: { reingested: 1, skipped: [] } });
    expect((await admin('reconcile', 'repair', '--run', run.json.runId as string)).json).toMatchObject({ reingested: 0 });
    const row = await sqlOne<{ amount: string; settled_at: Date | null }>(
      db,
      'SELECT amount::text, settled_at FROM payment_transfers WHERE tx_hash = $1',
      [paid.txHash],
    );
    expect(row).toEqual({ amount: '1000', settled_at: null }); // chain-worker's settlement settles it next (reconciliation.int-spec.ts)
  }, 120000);
});
