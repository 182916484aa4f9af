import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { createDataSource, sqlExecute, sqlOne } from '@payrail/persistence';
import { Contract, JsonRpcProvider, NonceManager, Wallet, WebSocketProvider } from 'ethers';
import { ChainWorkerModule } from '../apps/chain-worker/src/app.module.js';
import { benchInfra, reportFigures, sized } from './bench-run.js';
import { BENCH_PLATFORM, blockOfPayments, insertRequests, sendPayments, type Contracts } from './detection-block.js';

// Detection latency at the block: from mining a block that carries PAYMENTS payments of ours (a
// mix through both fee proxies, see detection-block.ts) and FOREIGN payments of other people's to
// the last of their PAYMENTS payment.confirmed outbox rows, on a local chain with automining off
// (one block per round). The worker follows new heads over anvil's WebSocket, polling every
// POLL_MS as the fallback. Baseline in the same run: a bare newHeads subscription that only
// timestamps the block.
const PAYMENTS = sized('BENCH_PAYMENTS', 500, 5);
const FOREIGN = sized('BENCH_FOREIGN', Math.round(PAYMENTS / 10), 1);
const ROUNDS = sized('BENCH_ROUNDS', 10, 1);
const POLL_MS = 500;
const TARGET_P99_MS = 500;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function main(): Promise<void> {
  const infra = await benchInfra('bench-detection');
  const deploymentFile = join(infra.dir, 'deployment.json');
  await writeFile(deploymentFile, JSON.stringify(infra.deployment));
  const db = createDataSource(infra.databaseUrl, 2);
  await db.initialize();
  const provider = new JsonRpcProvider(infra.chain.rpcUrl, undefined, { cacheTimeout: -1 });
  const wsUrl = infra.chain.rpcUrl.replace(/^http/, 'ws'); // anvil serves WebSocket on its HTTP port
  const payerKey = new Wallet(ANVIL_ACCOUNTS[1].privateKey, provider);
  const c: Contracts = {
    usdc: infra.chain.tokens.USDC,
    erc20Proxy: infra.chain.contracts.ERC20FeeProxy,
    nativeProxy: infra.chain.contracts.EthereumFeeProxy,
  };
  const approve = new Contract(c.usdc, ['function approve(address,uint256)'], new NonceManager(payerKey)).getFunction('approve');
  await ((await approve(c.erc20Proxy, 10n ** 30n)) as { wait(): Promise<unknown> }).wait();
  await provider.send('evm_setBlockGasLimit', ['0x3b9aca00']); // 1e9: room for the whole round in one block
  await sqlExecute(db, `INSERT INTO platforms (id, name) VALUES ($1, 'bench')`, [BENCH_PLATFORM]);
  const worker = await NestFactory.createApplicationContext(
    ChainWorkerModule.forRoot({
      ...process.env,
      DATABASE_URL: infra.databaseUrl,
      REDIS_URL: infra.redisUrl,
      RPC_URL_SEPOLIA: infra.chain.rpcUrl,
      WS_RPC_URLS: `sepolia=${wsUrl}`,
      CHAIN_DEPLOYMENT_FILE: deploymentFile,
      PAYRAIL_ENV: 'local',
      LOG_LEVEL: 'silent',
      DETECTION_POLL_INTERVAL_MS: String(POLL_MS),
      // A seeded database (bench:scale) holds placeholder permits: no recurring executions here.
      RECURRING_ENABLED: 'false',
      PORT: '0',
    }),
    { logger: false },
  );
  // The bare subscription: timestamps each new head, nothing else.
  const bare = new WebSocketProvider(wsUrl);
  const headAt = new Map<number, bigint>();
  await bare.on('block', (n: number) => headAt.set(n, process.hrtime.bigint()));
  const detection: number[] = [];
  const baseline: number[] = [];
  const cpu: number[] = [];
  let nonce = await provider.getTransactionCount(payerKey.address, 'pending');
  try {
    await sleep(1000); // both subscriptions are up
    for (let round = 0; round < ROUNDS; round++) {
      const block = blockOfPayments(PAYMENTS, FOREIGN);
      await insertRequests(db, block.ours, c);
      const lastId = (await sqlOne<{ id: string }>(db, 'SELECT coalesce(max(id), 0)::text AS id FROM outbox_events'))!.id;
      await provider.send('evm_setAutomine', [false]);
      nonce = await sendPayments(
        provider,
        payerKey,
        [...block.ours, ...block.foreign].sort(() => Math.random() - 0.5),
        c,
        nonce,
      );
      const before = await provider.getBlockNumber();
      await sleep(Math.random() * POLL_MS); // mine at a random phase of the poll cycle
      const cpuBefore = process.cpuUsage();
      const mined = process.hrtime.bigint();
      await provider.send('evm_mine', []);
      await provider.send('evm_setAutomine', [true]);
      for (;;) {
        const confirmed = await sqlOne<{ n: number }>(
          db,
          `SELECT count(*)::int AS n FROM outbox_events WHERE id > $1 AND event_type = 'payment.confirmed'`,
          [lastId],
        );
        if (confirmed?.n === PAYMENTS) break;
        await sleep(5);
      }
      detection.push(ms(mined));
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
      while (!headAt.has(before + 1)) await sleep(5);
      baseline.push(Number(headAt.get(before + 1)! - mined) / 1e6);
      const receipt = await provider.getTransactionReceipt((await provider.getBlock(before + 1))!.transactions[0]);
      if ((await provider.getBlock(before + 1))!.transactions.length !== PAYMENTS + FOREIGN || receipt?.status !== 1)
        throw new Error(`round ${round}: the block does not hold the ${PAYMENTS + FOREIGN} payments`);
    }
    const [p50, p99, base50, base99] = [pct(detection, 50), pct(detection, 99), pct(baseline, 50), pct(baseline, 99)];
    console.log(
      `detection latency, blocks of ${PAYMENTS} payments of ours (75% USDC, 15% USDC + fee, 10% native; both fee proxies) + ${FOREIGN} foreign ` +
        `-> ${PAYMENTS} payment.confirmed outbox rows (${ROUNDS} rounds; new heads over WebSocket, polling every ${POLL_MS} ms as the fallback)`,
    );
    console.log(
      `  detection (block mined -> last outbox row)  p50 ${p50.toFixed(0)} ms  p99 ${p99.toFixed(0)} ms  max ${Math.max(...detection).toFixed(0)} ms`,
    );
    console.log(
      `  baseline (bare newHeads subscription, block mined -> notified)  p50 ${base50.toFixed(0)} ms  p99 ${base99.toFixed(0)} ms`,
    );
    console.log(`  ratio detection/baseline  p50 ${(p50 / Math.max(1, base50)).toFixed(2)}  p99 ${(p99 / Math.max(1, base99)).toFixed(2)}`);
    console.log(
      `  CPU of this process (worker + bench poller) per block  p50 ${pct(cpu, 50).toFixed(0)} ms  p99 ${pct(cpu, 99).toFixed(0)} ms (less load-dependent than the latency)`,
    );
    console.log(`  target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'missed'}`);
    reportFigures('detection', [
      { name: `block of ${PAYMENTS} payments -> outbox, p50`, value: p50, unit: 'ms', better: 'lower' },
      { name: `block of ${PAYMENTS} payments -> outbox, p99`, value: p99, unit: 'ms', better: 'lower' },
    ]);
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
  } finally {
    await bare.destroy();
    await worker.close();
    await db.destroy();
    provider.destroy();
    await infra.stop();
  }
}

await main();
process.exit(0);
