import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { depositAddress } from '@payrail/chains';
import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { createDataSource, sqlExecute, sqlRows } from '@payrail/persistence';
import { Contract, Interface, JsonRpcProvider, NonceManager, Wallet, ZeroAddress } from 'ethers';
import type { DataSource } from 'typeorm';
import { ChainWorkerModule } from '../apps/chain-worker/src/app.module.js';
import { benchInfra, reportFigures, sized } from './bench-run.js';
import { BENCH_PLATFORM, blockOfPayments, insertRequests, sendPayments, type Contracts } from './detection-block.js';

// Pay by transfer at the block: PAYMENTS plain transfers (90% USDC, 10% native) to the deposit
// addresses of PAYMENTS requests land in one block; chain-worker reads the addresses (one
// factory.balancesOf call per token), sweeps them through the factory (deployAndSweepMany, one relayer
// transaction per DEPOSIT_SWEEP_BATCH deposits, automining on after the block) and
// detection settles the sweeps' fee-proxy events. Per payment: block mined -> its payment.confirmed
// outbox row. Baseline in the same run: the same number of payments made through the fee proxies
// directly (the mix of bench:detection), block mined -> payment.confirmed.
const PAYMENTS = sized('BENCH_PAYMENTS', 500, 5);
const POLL_MS = 250;
const TARGET_P99_MS = 5000;
const TRANSFER = new Interface(['function transfer(address,uint256) returns (bool)']);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Waits for the payment.confirmed rows of `ids`; answers each one's latency after `minedAt` (ms, database clock vs wall clock of the same machine). */
async function confirmedAfter(db: DataSource, ids: string[], minedAt: number): Promise<number[]> {
  for (;;) {
    const rows = await sqlRows<{ at: Date }>(
      db,
      `SELECT created_at AS at FROM outbox_events WHERE event_type = 'payment.confirmed' AND aggregate_id = ANY($1)`,
      [ids],
    );
    if (rows.length >= ids.length) return rows.map((r) => r.at.getTime() - minedAt);
    await sleep(20);
  }
}

async function main(): Promise<void> {
  const infra = await benchInfra('bench-deposits');
  const deploymentFile = join(infra.dir, 'deployment.json');
  await writeFile(deploymentFile, JSON.stringify(infra.deployment));
  const db = createDataSource(infra.databaseUrl, 2);
  await db.initialize();
  const provider = new JsonRpcProvider(infra.chain.rpcUrl, undefined, { cacheTimeout: -1 });
  const payerKey = new Wallet(ANVIL_ACCOUNTS[1].privateKey, provider);
  const c: Contracts = {
    usdc: infra.chain.tokens.USDC,
    erc20Proxy: infra.chain.contracts.ERC20FeeProxy,
    nativeProxy: infra.chain.contracts.EthereumFeeProxy,
  };
  const factory = infra.chain.contracts.DepositForwarderFactory;
  const approve = new Contract(c.usdc, ['function approve(address,uint256)'], new NonceManager(payerKey)).getFunction('approve');
  await ((await approve(c.erc20Proxy, 10n ** 30n)) as { wait(): Promise<unknown> }).wait();
  await provider.send('evm_setBlockGasLimit', ['0x3b9aca00']);
  await sqlExecute(db, `INSERT INTO platforms (id, name) VALUES ($1, 'bench')`, [BENCH_PLATFORM]);
  const worker = await NestFactory.createApplicationContext(
    ChainWorkerModule.forRoot({
      ...process.env,
      DATABASE_URL: infra.databaseUrl,
      REDIS_URL: infra.redisUrl,
      RPC_URL_SEPOLIA: infra.chain.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: deploymentFile,
      PAYRAIL_ENV: 'local',
      LOG_LEVEL: 'silent',
      DETECTION_POLL_INTERVAL_MS: String(POLL_MS),
      DEPOSIT_POLL_INTERVAL_MS: String(POLL_MS),
      RELAYER_PRIVATE_KEY: ANVIL_ACCOUNTS[3].privateKey,
      RECURRING_ENABLED: 'false',
      PORT: '0',
    }),
    { logger: false },
  );
  const { chainId } = await provider.getNetwork();
  const fees = { type: 2, maxFeePerGas: 100n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n, chainId };
  let nonce = await provider.getTransactionCount(payerKey.address, 'pending');
  const mineRound = async (send: () => Promise<void>): Promise<number> => {
    await provider.send('evm_setAutomine', [false]);
    await send();
    await sleep(Math.random() * POLL_MS);
    const minedAt = Date.now();
    await provider.send('evm_mine', []);
    await provider.send('evm_setAutomine', [true]);
    return minedAt;
  };
  try {
    // Baseline: payments through the fee proxies.
    const proxyBlock = blockOfPayments(PAYMENTS, 0);
    const proxyIds = await insertRequests(db, proxyBlock.ours, c);
    const proxyMined = await mineRound(async () => {
      nonce = await sendPayments(provider, payerKey, proxyBlock.ours, c, nonce);
    });
    const proxy = await confirmedAfter(db, proxyIds, proxyMined);

    // Pay by transfer: plain transfers to the deposit addresses (no fee: the proxy mix's fee lines are proxy-only).
    const depositBlock = blockOfPayments(PAYMENTS, 0).ours.map((p) => ({ ...p, fee: 0n }));
    const depositIds = await insertRequests(db, depositBlock, c);
    const signed = await Promise.all(
      depositBlock.map((p, i) => {
        const native = p.kind === 'native';
        const to = depositAddress(factory, {
          proxy: native ? c.nativeProxy : c.erc20Proxy,
          token: native ? ZeroAddress : c.usdc,
          payee: p.payee,
          amount: p.amount,
          paymentReference: p.reference,
          feeAmount: 0n,
          feeAddress: ZeroAddress,
        });
        return payerKey.signTransaction({
          ...fees,
          nonce: nonce + i,
          ...(native
            ? { to, value: p.amount, gasLimit: 30_000n }
            : { to: c.usdc, gasLimit: 80_000n, data: TRANSFER.encodeFunctionData('transfer', [to, p.amount]) }),
        });
      }),
    );
    nonce += signed.length;
    const depositMined = await mineRound(async () => {
      for (let i = 0; i < signed.length; i += 100)
        await Promise.all(signed.slice(i, i + 100).map((tx) => provider.send('eth_sendRawTransaction', [tx])));
    });
    const deposit = await confirmedAfter(db, depositIds, depositMined);
    // The sweeper records each receipt on its next pass (detection may settle first).
    let gas: { used: string }[] = [];
    for (let i = 0; i < 300 && gas.length < PAYMENTS; i++, await sleep(100)) {
      gas = await sqlRows<{ used: string }>(db, `SELECT sweep_gas_used::text AS used FROM deposit_addresses WHERE status = 'swept'`);
    }
    const meanGas = gas.reduce((s, r) => s + BigInt(r.used), 0n) / BigInt(Math.max(1, gas.length));

    const [d50, d99, p50, p99] = [pct(deposit, 50), pct(deposit, 99), pct(proxy, 50), pct(proxy, 99)];
    console.log(
      `pay by transfer, ${PAYMENTS} deposits (90% USDC, 10% native) in one block -> ${PAYMENTS} payment.confirmed (per payment, block mined -> its outbox row)`,
    );
    console.log(
      `  deposit path (read, sweep by the relayer, detect the sweep)  p50 ${d50.toFixed(0)} ms  p99 ${d99.toFixed(0)} ms  max ${Math.max(...deposit).toFixed(0)} ms`,
    );
    console.log(`  baseline: the same number through the fee proxies directly  p50 ${p50.toFixed(0)} ms  p99 ${p99.toFixed(0)} ms`);
    console.log(`  ratio deposit/proxy  p50 ${(d50 / Math.max(1, p50)).toFixed(2)}  p99 ${(d99 / Math.max(1, p99)).toFixed(2)}`);
    console.log(`  relayer gas per sweep (deploy + pay), mean ${meanGas} gas over ${gas.length} sweeps`);
    console.log(`  target p99 < ${TARGET_P99_MS} ms: ${d99 < TARGET_P99_MS ? 'met' : 'missed'}`);
    reportFigures('deposits', [
      { name: `${PAYMENTS} deposits in a block -> payment.confirmed, p99`, value: d99, unit: 'ms', better: 'lower' },
      { name: `${PAYMENTS} proxy payments in a block -> payment.confirmed, p99`, value: p99, unit: 'ms', better: 'lower' },
    ]);
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
  } finally {
    await worker.close();
    await db.destroy();
    provider.destroy();
    await infra.stop();
  }
}

await main();
process.exit(0);
