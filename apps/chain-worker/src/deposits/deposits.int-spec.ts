import { type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { depositAddress, type DepositTerms } from '@payrail/chains';
import { ANVIL_ACCOUNTS, loadArtifact, waitFor } from '@payrail/devstack';
import { metricsRegistry } from '@payrail/platform';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import { insertRequest } from '@payrail/test-support/chain-worker/requests.js';
import { privateChainWorkerEnv, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { Contract, ContractFactory, NonceManager, parseEther, Wallet, ZeroAddress } from 'ethers';
import type { DataSource } from 'typeorm';
import { ChainWorkerModule } from '../app.module.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;

/** Polls `condition` until it holds (waitFor takes a probe answering undefined for not yet). */
const until = (what: string, condition: () => Promise<boolean>, timeoutMs = 30000) =>
  waitFor(what, async () => ((await condition()) ? true : undefined), timeoutMs);

// Pay by transfer on a private anvil: plain transfers to a request's deposit address, swept by the
// relayer through Request Network's published fee proxies, settled by the ordinary detection path.
describe('deposit addresses', () => {
  let chain: Chain;
  let databaseUrl: string;
  let db: DataSource;
  let payer: NonceManager;
  const workers: INestApplicationContext[] = [];
  const relayer = ANVIL_ACCOUNTS[3];

  beforeAll(async () => {
    chain = await startPrivateChain();
    databaseUrl = await createTestDatabase();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    payer = new NonceManager(new Wallet(ANVIL_ACCOUNTS[1].privateKey, chain.provider));
  }, 60000);
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.close();
  });
  afterAll(async () => {
    await db.destroy();
    await chain.stop();
  });

  async function startWorker() {
    const env = privateChainWorkerEnv(databaseUrl, chain, 'dep', {
      RELAYER_PRIVATE_KEY: relayer.privateKey,
      DEPOSIT_POLL_INTERVAL_MS: '100',
    });
    const app = await NestFactory.createApplicationContext(ChainWorkerModule.forRoot(env), { logger: false });
    workers.push(app);
    return app;
  }

  const factory = () => chain.deployment.contracts.DepositForwarderFactory;
  const token = (symbol: string) => chain.deployment.tokens[symbol].address;
  async function newDeposit(opts: { native?: boolean; expected: bigint; fee?: bigint; symbol?: string; tokenAddress?: string }) {
    const feeAddress = opts.fee ? Wallet.createRandom().address : undefined;
    const payee = Wallet.createRandom().address;
    const proxy = opts.native ? chain.deployment.contracts.EthereumFeeProxy : chain.deployment.contracts.ERC20FeeProxy;
    const tokenAddress = opts.native ? null : (opts.tokenAddress ?? token(opts.symbol ?? 'USDC'));
    const req = await insertRequest(db, {
      payee,
      token: tokenAddress,
      proxy,
      expected: opts.expected,
      decimals: opts.native ? 18 : 6,
      paymentCurrency: opts.native ? 'ETH-sepolia-sepolia' : 'fUSDC-sepolia',
      fee: opts.fee,
      feeAddress,
    });
    const terms: DepositTerms = {
      proxy,
      token: tokenAddress ?? ZeroAddress,
      payee,
      amount: opts.expected,
      paymentReference: req.reference,
      feeAmount: opts.fee ?? 0n,
      feeAddress: feeAddress ?? ZeroAddress,
    };
    return { ...req, payee, feeAddress, address: depositAddress(factory(), terms) };
  }
  const send = async (symbol: string, to: string, amount: bigint) => {
    const erc20 = new Contract(token(symbol), ['function transfer(address,uint256) returns (bool)'], payer);
    await (await (erc20.getFunction('transfer')(to, amount) as Promise<{ wait(): Promise<unknown> }>)).wait();
  };
  const balanceOf = async (symbol: string, owner: string) =>
    (await new Contract(token(symbol), ['function balanceOf(address) view returns (uint256)'], chain.provider).getFunction('balanceOf')(
      owner,
    )) as bigint;
  const deposit = (id: string) =>
    sqlOne<{
      status: string;
      received: string;
      expected: string;
      sweep_tx_hash: string | null;
      sweep_gas_used: string | null;
      sweep_gas_cost: string | null;
    }>(
      db,
      'SELECT status, received::text, expected::text, sweep_tx_hash, sweep_gas_used::text, sweep_gas_cost::text FROM deposit_addresses WHERE request_id = $1',
      [id],
    );
  const request = async (id: string) =>
    (await sqlOne<{ status: string; tx_hash: string | null }>(db, 'SELECT status, tx_hash FROM requests WHERE id = $1', [id]))!;
  const events = async (id: string) =>
    (
      await sqlRows<{ event_type: string }>(
        db,
        `SELECT event_type FROM outbox_events WHERE aggregate_type = 'request' AND aggregate_id = $1 ORDER BY id`,
        [id],
      )
    ).map((e) => e.event_type);

  it('an ERC-20 deposit underpaid, then completed, is swept once through the fee proxy and settles as paid with its gas recorded', async () => {
    await startWorker();
    await startWorker(); // a second replica: the leader lock and the row claim keep it to one sweep
    const d = await newDeposit({ expected: 25_000_000n, fee: 500_000n });

    await send('USDC', d.address, 20_000_000n);
    await until('the partial deposit recorded', async () => (await deposit(d.requestId))?.received === '20000000', 20000);
    expect(await deposit(d.requestId)).toMatchObject({ status: 'watching', expected: '25500000', sweep_tx_hash: null });
    expect((await request(d.requestId)).status).toBe('pending');

    await send('USDC', d.address, 5_500_000n + 3n); // the rest, and 3 units too many
    await until('the request paid', async () => (await request(d.requestId)).status === 'paid', 30000);
    await until('the sweep recorded', async () => (await deposit(d.requestId))?.status === 'swept', 20000);
    const row = (await deposit(d.requestId))!;
    expect((await request(d.requestId)).tx_hash).toBe(row.sweep_tx_hash);
    expect(BigInt(row.sweep_gas_used!)).toBeGreaterThan(21_000n);
    expect(BigInt(row.sweep_gas_cost!)).toBeGreaterThan(0n);
    expect(await balanceOf('USDC', d.payee)).toBe(25_000_000n);
    expect(await balanceOf('USDC', d.feeAddress!)).toBe(500_000n);
    expect(await balanceOf('USDC', d.address)).toBe(3n); // the excess is held by the forwarder
    expect(await events(d.requestId)).toEqual(['payment.confirmed']);
    const attempts = await sqlOne<{ attempts: number }>(db, 'SELECT attempts FROM deposit_addresses WHERE request_id = $1', [d.requestId]);
    expect(attempts?.attempts).toBe(1);
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toMatch(/payrail_deposit_sweeps_total\{network="sepolia",outcome="swept"\} [1-9]/);
    expect(metrics).toMatch(/payrail_deposit_sweep_gas_wei_total\{network="sepolia"\} [1-9]/);
  }, 90000);

  it('a native deposit is swept through the EthereumFeeProxy and settles as paid', async () => {
    await startWorker();
    const d = await newDeposit({ native: true, expected: parseEther('0.25') });
    await (await payer.sendTransaction({ to: d.address, value: parseEther('0.25') })).wait();
    await until('the request paid', async () => (await request(d.requestId)).status === 'paid', 30000);
    expect(await chain.provider.getBalance(d.payee)).toBe(parseEther('0.25'));
  }, 60000);

  it('a transfer of another token is recorded, not counted, and the request stays pending', async () => {
    await startWorker();
    const d = await newDeposit({ expected: 1_000_000n });
    await send('DAI', d.address, 5n * 10n ** 18n);
    await until(
      'the wrong-token transfer recorded',
      async () => (await sqlRows(db, 'SELECT 1 FROM deposit_transfers WHERE lower(address) = lower($1)', [d.address])).length > 0,
      20000,
    );
    const recorded = await sqlRows<{ token: string; amount: string; counted: boolean }>(
      db,
      'SELECT token, amount::text, counted FROM deposit_transfers WHERE lower(address) = lower($1)',
      [d.address],
    );
    expect(recorded).toEqual([{ token: token('DAI'), amount: (5n * 10n ** 18n).toString(), counted: false }]);
    expect(await deposit(d.requestId)).toMatchObject({ status: 'watching', received: '0' });
    expect((await request(d.requestId)).status).toBe('pending');
    // A wrong_token payment exception, once per log (the watcher reads the log again next passes), with its event.
    await until('the wrong_token exception raised', async () => (await events(d.requestId)).includes('payment.exception'), 20000);
    const raised = await sqlRows<{ kind: string; status: string; token: string; received_amount: string; received_decimals: number }>(
      db,
      'SELECT kind, status, token, received_amount::text, received_decimals FROM payment_exceptions WHERE request_id = $1',
      [d.requestId],
    );
    expect(raised).toEqual([
      { kind: 'wrong_token', status: 'open', token: token('DAI'), received_amount: (5n * 10n ** 18n).toString(), received_decimals: 18 },
    ]);
    const [event] = await sqlRows<{ payload: Record<string, unknown> }>(
      db,
      `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.exception'`,
      [d.requestId],
    );
    expect(event.payload).toMatchObject({ kind: 'wrong_token', receivedAmount: '5', token: token('DAI'), requestId: d.requestId });
    expect(await events(d.requestId)).toEqual(['payment.exception']);
  }, 60000);

  it('a batch holding a deposit that cannot pay (a token whose transferFrom returns false) is split: the other is swept, that one waits with its error', async () => {
    const artifact = loadArtifact('TestFalseToken');
    const falseToken = await (await new ContractFactory(artifact.abi, artifact.bytecode, payer).deploy()).waitForDeployment();
    const falseAddress = await falseToken.getAddress();
    const asPayer = new Contract(falseAddress, artifact.abi, payer);
    await (await (asPayer.getFunction('mint')(await payer.getAddress(), 10n ** 12n) as Promise<{ wait(): Promise<unknown> }>)).wait();
    const stuck = await newDeposit({ expected: 2_000_000n, tokenAddress: falseAddress });
    const ok = await newDeposit({ expected: 3_000_000n });
    // Both funded before the worker starts: its first pass finds them due together, in one batch.
    await (await (asPayer.getFunction('transfer')(stuck.address, 2_000_000n) as Promise<{ wait(): Promise<unknown> }>)).wait();
    await send('USDC', ok.address, 3_000_000n);
    await startWorker();
    await until('the payable deposit paid', async () => (await request(ok.requestId)).status === 'paid', 30000);
    const row = await sqlOne<{ status: string; last_error: string | null; sweep_tx_hash: string | null }>(
      db,
      'SELECT status, last_error, sweep_tx_hash FROM deposit_addresses WHERE request_id = $1',
      [stuck.requestId],
    );
    // Never sent; back to watching (or claimed again by a later pass, which simulates and releases it again).
    expect(['watching', 'sweeping']).toContain(row?.status);
    expect(row?.sweep_tx_hash).toBeNull();
    expect(row?.last_error).toMatch(/^sweep would revert/);
    expect((await request(stuck.requestId)).status).toBe('pending');
    expect(await balanceOf('USDC', ok.payee)).toBe(3_000_000n);
    // The funds stay in the forwarder: one open unsweepable exception (issue #35) and its event
    // (a unique index keeps it one while open, however many passes find the sweep would revert).
    await until('the unsweepable exception raised', async () => (await events(stuck.requestId)).length > 0, 20000);
    const raised = await sqlRows<{ kind: string; status: string; received_amount: string }>(
      db,
      'SELECT kind, status, received_amount::text FROM payment_exceptions WHERE request_id = $1',
      [stuck.requestId],
    );
    expect(raised).toEqual([{ kind: 'unsweepable', status: 'open', received_amount: '2000000' }]);
    expect(await events(stuck.requestId)).toEqual(['payment.exception']);
  }, 60000);
});
