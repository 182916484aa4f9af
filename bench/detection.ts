import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { paymentReferenceTopic } from '@payrail/chains';
import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { createDataSource, sqlExecute, sqlOne } from '@payrail/persistence';
import { Contract, hexlify, JsonRpcProvider, NonceManager, randomBytes, Wallet } from 'ethers';
import { ChainWorkerModule } from '../apps/chain-worker/src/app.module.js';
import { benchInfra, reportFigures, sized } from './bench-run.js';

// Detection latency: from the block that carries 50 payments to their 50 payment.confirmed
// outbox rows, on a local chain with automining off (one block per round). Baseline in the same
// run: how long a bare loop polling eth_blockNumber at the same interval takes to see the block.
const PAYMENTS = sized('BENCH_PAYMENTS', 50, 5);
const ROUNDS = sized('BENCH_ROUNDS', 5, 1);
const POLL_MS = 500;

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function main(): Promise<void> {
  const infra = await benchInfra('bench-detection');
  const dir = infra.dir;
  const deploymentFile = join(dir, 'deployment.json');
  await writeFile(deploymentFile, JSON.stringify(infra.deployment));
  const db = createDataSource(infra.databaseUrl, 2);
  await db.initialize();
  const provider = new JsonRpcProvider(infra.chain.rpcUrl, undefined, { cacheTimeout: -1 });
  const payer = new NonceManager(new Wallet(ANVIL_ACCOUNTS[1].privateKey, provider));
  const token = infra.chain.tokens.USDC;
  const proxy = infra.chain.contracts.ERC20FeeProxy;
  await (
    await (new Contract(token, ['function approve(address,uint256)'], payer).getFunction('approve')(proxy, 10n ** 30n) as Promise<{
      wait(): Promise<unknown>;
    }>)
  ).wait();
  await sqlExecute(db, `INSERT INTO platforms (id, name) VALUES ('01BENCHPLATFORM00000000000', 'bench')`);
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
      // A seeded year's schedules carry made-up permits: executing them is not what this measures.
      RECURRING_ENABLED: 'false',
      PORT: '0',
    }),
    { logger: false },
  );
  const fee = new Contract(proxy, ['function transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)'], payer);
  const detection: number[] = [];
  const baseline: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const payee = Wallet.createRandom().address;
      const refs = Array.from({ length: PAYMENTS }, () => hexlify(randomBytes(8)));
      const requestIds = refs.map(() => '01' + hexlify(randomBytes(32)).slice(2));
      for (const [i, ref] of refs.entries()) {
        await sqlExecute(
          db,
          `INSERT INTO requests (id, salt, payment_reference, reference_topic, platform_id, network, payee, invoice_currency, invoice_amount, invoice_decimals,
             payment_currency, currency_address, currency_decimals, proxy_address, expected_amount)
           VALUES ($1, $2, $3, $4, '01BENCHPLATFORM00000000000', 'sepolia', $5, 'fUSDC-sepolia', 1000, 6, 'fUSDC-sepolia', $6, 6, $7, 1000)`,
          [requestIds[i], hexlify(randomBytes(8)).slice(2), ref, paymentReferenceTopic(ref), payee, token, proxy],
        );
      }
      await provider.send('evm_setAutomine', [false]);
      for (const ref of refs)
        await fee.getFunction('transferFromWithReferenceAndFee')(
          token,
          payee,
          1000n,
          ref,
          0n,
          '0x0000000000000000000000000000000000000000',
        );
      const before = await provider.getBlockNumber();
      let mined = 0n;
      // The baseline poller runs on its own cycle, like the worker's, from before the block exists.
      const seen = (async () => {
        while ((await provider.getBlockNumber()) <= before) await new Promise((r) => setTimeout(r, POLL_MS));
        return ms(mined);
      })();
      await new Promise((r) => setTimeout(r, Math.random() * POLL_MS)); // mine at a random phase of the poll cycles
      mined = process.hrtime.bigint();
      await provider.send('evm_mine', []);
      await provider.send('evm_setAutomine', [true]);
      for (;;) {
        const confirmed = await sqlOne<{ n: number }>(
          db,
          `SELECT count(*)::int AS n FROM outbox_events
            WHERE aggregate_type = 'request' AND aggregate_id = ANY($1::text[]) AND event_type = 'payment.confirmed'`,
          [requestIds],
        );
        if (confirmed?.n === PAYMENTS) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      detection.push(ms(mined));
      baseline.push(await seen);
    }
    console.log(
      `detection latency, block with ${PAYMENTS} payments -> ${PAYMENTS} payment.confirmed outbox rows (${ROUNDS} rounds, poll ${POLL_MS} ms)`,
    );
    console.log(
      `  detection  p50 ${pct(detection, 50).toFixed(0)} ms  p99 ${pct(detection, 99).toFixed(0)} ms  max ${Math.max(...detection).toFixed(0)} ms`,
    );
    console.log(
      `  baseline (bare eth_blockNumber poll, same interval)  p50 ${pct(baseline, 50).toFixed(0)} ms  p99 ${pct(baseline, 99).toFixed(0)} ms`,
    );
    reportFigures('detection', [
      { name: `block of ${PAYMENTS} payments -> outbox, p50`, value: pct(detection, 50), unit: 'ms', better: 'lower' },
      { name: `block of ${PAYMENTS} payments -> outbox, p99`, value: pct(detection, 99), unit: 'ms', better: 'lower' },
    ]);
    console.log(`  ratio detection/baseline p50: ${(pct(detection, 50) / Math.max(1, pct(baseline, 50))).toFixed(2)}`);
  } finally {
    await worker.close();
    await db.destroy();
    provider.destroy();
    await infra.stop();
  }
}

await main();
process.exit(0);
