import { id as keccak, Wallet } from 'ethers';
import { createDataSource, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { ANVIL_ACCOUNTS, waitFor, type AppHandle } from '@payrail/devstack';
import { startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { startRpcGate, type RpcCall, type RpcGate } from '@payrail/test-support/rpc-gate.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '@payrail/test-support/stack.js';
import { createTenantIn } from '@payrail/test-support/tenants.js';

const ORIGIN = 'https://shop.example';
const LINKS = 10;
const CLIENT_CAP = 20;
const UNKNOWN_CHECKS = 3;
const INTENT_METHODS = new Set(['eth_getTransactionByHash', 'eth_getTransactionReceipt']);

// The intent flood (issue #29), against real processes: payments-api and a chain-worker whose RPC
// goes through a gate that counts every call, on a private anvil whose blocks the test mines.
// Before the fix, every made-up hash was polled for its receipt every 200 ms for 120 s (and any
// number of them were accepted); now a Client ID holds at most INTENTS_OPEN_PER_CLIENT_ID open
// intents, each hash is checked once on arrival and once per new block, and one the node does not
// know is dropped after INTENT_UNKNOWN_CHECKS checks: the calls are counted per block, not per second.
describe('intent flood: bounded intents, block-cadence checks, unknown hashes dropped (payments-api + chain-worker, private chain)', () => {
  let chain: Awaited<ReturnType<typeof startPrivateChain>>;
  let gate: RpcGate;
  let api: AppHandle;
  let worker: AppHandle;
  let db: DataSource;
  let env: Record<string, string>;
  let attacker: { apiKey: string; clientId: string };
  let victim: { apiKey: string; clientId: string };
  let attackerLinks: string[] = [];

  beforeAll(async () => {
    chain = await startPrivateChain();
    gate = await startRpcGate(chain.anvil.rpcUrl);
    const databaseUrl = await createTestDatabase();
    env = appEnv(databaseUrl, uniqueName('flood'), {
      RATE_LIMIT_MULTIPLIER: '100',
      USER_EVENTS_PER_MINUTE: '1000',
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      DETECTION_POLL_INTERVAL_MS: '60000',
      INTENTS_OPEN_PER_CLIENT_ID: String(CLIENT_CAP),
      INTENT_POLL_INTERVAL_MS: '50',
      INTENT_UNKNOWN_CHECKS: String(UNKNOWN_CHECKS),
      INTENT_RPC_PER_SECOND: '1000',
    });
    const tenants = await Promise.all([
      createTenantIn(env, { allowedOrigins: [ORIGIN] }),
      createTenantIn(env, { allowedOrigins: [ORIGIN] }),
    ]);
    [attacker, victim] = tenants.map((t) => ({ apiKey: t.apiKey.apiKey, clientId: t.client.clientId }));
    [api, worker] = await Promise.all([
      startTestApp('payments-api', env),
      startTestApp('chain-worker', { ...env, RPC_URL_SEPOLIA: gate.url }),
    ]);
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    await db?.destroy();
    await Promise.all([api?.stop(), worker?.stop()]);
    await gate?.close();
    await chain?.stop();
  });

  const call = async <T>(method: string, path: string, body: object | undefined, headers: Record<string, string>) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  const link = async (tenant: { apiKey: string }) =>
    (
      await call<{ token: string }>(
        'POST',
        '/v2/secure-payments',
        {
          requests: [
            { payee: Wallet.createRandom().address, amount: '3', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' },
          ],
        },
        { 'x-api-key': tenant.apiKey },
      )
    ).body.token;
  const intent = (tenant: { clientId: string }, token: string, txHash: string) =>
    call<{ intentId: string; message?: string }>(
      'POST',
      `/v2/secure-payments/${token}/intent`,
      { txHash, chain: 'sepolia' },
      { 'x-client-id': tenant.clientId, origin: ORIGIN },
    );
  const hashParam = (c: RpcCall) => String(c.params?.[0] ?? '').toLowerCase();
  const intentCallsFor = (hashes: Set<string>) => gate.calls().filter((c) => INTENT_METHODS.has(c.method) && hashes.has(hashParam(c)));
  const outcomes = async (ids: string[]) =>
    (await sqlRows<{ outcome: string | null }>(db, 'SELECT outcome FROM payment_intents WHERE id = ANY($1)', [ids])).map((r) => r.outcome);
  const mine = () => chain.provider.send('evm_mine', []);
  /** A real transaction (an ether transfer, mined at once) reported on the victim's link: its intent resolves. */
  const realIntentResolves = async (token: string, nonceHolder: Wallet) => {
    const sent = await nonceHolder.sendTransaction({ to: Wallet.createRandom().address, value: 1n });
    await sent.wait();
    const reported = await intent(victim, token, sent.hash);
    expect(reported.status).toBe(202);
    return waitFor('the real intent resolves', async () => (await outcomes([reported.body.intentId]))[0] ?? undefined, 15000, 50);
  };

  it('accepts a Client ID only up to its open-intent cap, checks each made-up hash a fixed number of times, drops it, and still resolves a real one', async () => {
    const links = [];
    for (let i = 0; i < LINKS; i++) links.push(await link(attacker));
    const answers = [];
    for (const [i, token] of links.entries()) {
      for (let j = 0; j < 3; j++) {
        const txHash = keccak(`flood-${i}-${j}`);
        answers.push({ txHash, ...(await intent(attacker, token, txHash)) });
      }
    }
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted).toHaveLength(CLIENT_CAP);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.message)).toEqual(
      Array(LINKS * 3 - CLIENT_CAP).fill('Too many open payment intents for this Client ID; retry when one is resolved'),
    );
    const flood = new Set(accepted.map((a) => a.txHash.toLowerCase()));
    const ids = accepted.map((a) => a.body.intentId);

    // Each hash is checked once on arrival; with no new block, never again, however long it waits.
    await waitFor('every arrival checked', () => Promise.resolve(intentCallsFor(flood).length >= CLIENT_CAP ? true : undefined), 15000, 20);
    const checked = (n: number) =>
      waitFor('a check per hash', () => Promise.resolve(intentCallsFor(flood).length >= n ? true : undefined), 15000, 20);
    const before = gate.batches().length;
    await mine();
    await checked(2 * CLIENT_CAP);
    // The block's checks went out as one JSON-RPC batch.
    const batched = gate
      .batches()
      .slice(before)
      .map((b) => b.filter((c) => INTENT_METHODS.has(c.method) && flood.has(hashParam(c))).length)
      .filter((n) => n > 0);
    expect(batched).toEqual([CLIENT_CAP]);
    expect(await outcomes(ids)).toEqual(Array(CLIENT_CAP).fill(null));
    await mine();
    const dropped = await waitFor(
      'the made-up hashes dropped',
      async () => {
        const now = await outcomes(ids);
        return now.every((o) => o !== null) ? now : undefined;
      },
      15000,
      50,
    );
    expect(dropped).toEqual(Array(CLIENT_CAP).fill('unknown_transaction'));
    expect(intentCallsFor(flood)).toHaveLength(CLIENT_CAP * UNKNOWN_CHECKS);
    expect(new Set(intentCallsFor(flood).map((c) => c.method))).toEqual(new Set(['eth_getTransactionByHash']));

    // Blocks go on: the dropped hashes cost nothing more; a real transaction's intent still resolves.
    const sender = new Wallet(ANVIL_ACCOUNTS[2].privateKey, chain.provider);
    const page = await link(victim);
    expect(await realIntentResolves(page, sender)).toBe('no_matching_transfer');
    for (let i = 0; i < 3; i++) await mine();
    expect(await realIntentResolves(page, sender)).toBe('no_matching_transfer');
    expect(intentCallsFor(flood)).toHaveLength(CLIENT_CAP * UNKNOWN_CHECKS);
    // The attacker's slots are free again once its intents are resolved.
    expect((await intent(attacker, links[9], keccak('after'))).status).toBe(202);
    attackerLinks = links;
  }, 120000);

  it('keeps intent lookups within INTENT_RPC_PER_SECOND: no batch carries more, and none is lost (a chain-worker with a budget of 5)', async () => {
    await worker.stop();
    const start = gate.batches().length;
    // INTENT_WATCH_BLOCKS out of reach: the test mines a block every 300 ms whatever the worker has
    // done, and a loaded machine could otherwise see 60 blocks pass before a hash's third check
    // (the watch then gives it up after two: a fourth way to end, not the one measured here).
    worker = await startTestApp('chain-worker', {
      ...env,
      RPC_URL_SEPOLIA: gate.url,
      INTENT_RPC_PER_SECOND: '5',
      INTENT_WATCH_BLOCKS: '10000',
    });
    const hashes = Array.from({ length: 12 }, (_, i) => keccak(`budget-${i}`));
    const answers = [];
    for (const [i, txHash] of hashes.entries()) answers.push(await intent(attacker, attackerLinks[i % LINKS], txHash));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(202));
    const ids = answers.map((a) => a.body.intentId);
    const flood = new Set(hashes.map((h) => h.toLowerCase()));
    // Blocks come every 300 ms until every hash is dropped: its checks are spread over several polls, never lost.
    const dropped = await waitFor(
      'the budgeted hashes dropped',
      async () => {
        const now = await outcomes(ids);
        if (now.every((o) => o !== null)) return now;
        await mine();
        return undefined;
      },
      60000,
      300,
    );
    expect(dropped).toEqual(Array(12).fill('unknown_transaction'));
    expect(intentCallsFor(flood)).toHaveLength(12 * UNKNOWN_CHECKS);
    const perBatch = gate
      .batches()
      .slice(start)
      .map((b) => b.filter((c) => INTENT_METHODS.has(c.method)).length);
    expect(Math.max(...perBatch)).toBeLessThanOrEqual(5);
  }, 120000);
});
