import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { configureHttpApp } from '@payrail/platform';
import { Wallet } from 'ethers';
import { PaymentsApiModule } from '../apps/payments-api/src/app.module.js';
import { type RpcRoundTrip, startRpcCounterProcess } from '@payrail/test-support/payments-api/rpc-counter.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { fmt } from './autocannon.js';
import { benchInfra, reportFigures, sized } from './bench-run.js';
import { postLoad, type PostLoadResult } from './payouts-load.js';
import { openLoop, type OpenLoopResult } from './payouts-open-loop.js';

// POST /v2/payouts with an API key: an ERC-20 payout with a payer wallet (balances, allowance and
// gas read from the local chain) against the same payout without a payer wallet (no chain read) as
// the baseline, in one run, on a private Postgres, Redis and anvil. The app's RPC goes through a
// counting proxy, so the JSON-RPC round trips per payout are counted, not inferred.

const SEQUENTIAL = sized('BENCH_SEQUENTIAL', 200, 10);
const tally = (trips: RpcRoundTrip[]) => ({ trips: trips.length, calls: trips.reduce((n, t) => n + t.methods.length, 0) });
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main(): Promise<void> {
  const infra = await benchInfra('bench-payouts');
  const dir = infra.dir;
  const rpc = await startRpcCounterProcess(infra.chain.rpcUrl);
  const counted = async () => tally(await rpc.roundTrips());
  const stackFile = join(dir, 'stack.json');
  await writeFile(stackFile, JSON.stringify({ chain: infra.chain }));
  const env = {
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    RPC_URL_SEPOLIA: rpc.url,
    CHAIN_DEPLOYMENT_FILE: stackFile,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '1000',
    RATE_LIMIT_API_KEY_PER_SECOND: '100000',
    RATE_LIMIT_API_KEY_PER_MINUTE: '6000000',
  };
  const app = await NestFactory.create<NestExpressApplication>(PaymentsApiModule.forRoot(env), { bodyParser: false, logger: false });
  configureHttpApp(app, { credentials: true });
  await app.listen(0, '127.0.0.1');
  const url = `${(await app.getUrl()).replace('[::1]', '127.0.0.1')}/v2/payouts`;
  const { apiKey } = await createTenant(app);
  const headers = { 'x-api-key': apiKey.apiKey };
  const baseline = {
    payee: Wallet.createRandom().address,
    amount: '12.5',
    invoiceCurrency: 'fUSDC-sepolia',
    paymentCurrency: 'fUSDC-sepolia',
    feePercentage: '1',
    feeAddress: Wallet.createRandom().address,
  };
  const withPayer = { ...baseline, payerWallet: ANVIL_ACCOUNTS[1].address };
  const seconds = sized('BENCH_SECONDS', 10, 1);
  try {
    await postLoad(url, withPayer, { seconds: Math.min(2, seconds), connections: 10, headers }); // warm-up

    // One at a time: the exact round trips of one payout, and its latency without queueing.
    const oneAtATime = async (body: object): Promise<{ sorted: number[]; trips: number; calls: number }> => {
      const times: number[] = [];
      await rpc.reset();
      for (let i = 0; i < SEQUENTIAL; i++) {
        const started = performance.now();
        const res = await fetch(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (res.status !== 201) throw new Error(`payout answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
        times.push(performance.now() - started);
      }
      return {
        sorted: times.sort((a, b) => a - b),
        ...(await counted()),
      };
    };
    const seqBase = await oneAtATime(baseline);
    const seqPayer = await oneAtATime(withPayer);

    const run = async (body: object, opts: { connections: number }): Promise<PostLoadResult & { trips: number; calls: number }> => {
      await rpc.reset();
      const result = await postLoad(url, body, { seconds, headers, ...opts });
      return { ...result, ...(await counted()) };
    };
    const atRate = async (body: object): Promise<OpenLoopResult & { trips: number; calls: number }> => {
      await rpc.reset();
      const result = await openLoop({ url, body, headers, rate: 100, seconds });
      return { ...result, ...(await counted()) };
    };
    const base100 = await atRate(baseline);
    const payer100 = await atRate(withPayer);
    const baseMax = await run(baseline, { connections: 20 });
    const payerMax = await run(withPayer, { connections: 20 });

    const rateLine = (name: string, r: OpenLoopResult & { trips: number; calls: number }) =>
      `  ${name.padEnd(38)} ${fmt(r.achievedRate).padStart(5)} req/s  p50 ${fmt(r.latencyP50Ms, 1)} ms  p99 ${fmt(r.latencyP99Ms, 1)} ms  ` +
      `max ${fmt(r.latencyMaxMs)} ms  non-201 ${r.sent - r.ok}  RPC round trips/payout ${fmt(r.trips / r.sent, 3)} (${fmt(r.calls / r.sent, 2)} calls)`;
    const line = (name: string, r: PostLoadResult & { trips: number; calls: number }) =>
      `  ${name.padEnd(38)} ${fmt(r.requestsPerSecond).padStart(5)} req/s  p50 ${fmt(r.latencyP50Ms)} ms  p99 ${fmt(r.latencyP99Ms)} ms  ` +
      `non-2xx ${r.non2xx}  RPC round trips/payout ${fmt(r.trips / Math.max(1, r.requests), 3)} (${fmt(r.calls / Math.max(1, r.requests), 2)} calls)`;
    console.log(`POST /v2/payouts, API key, ERC-20 (fUSDC-sepolia) with a 1% fee, local chain (${seconds}s per run, one process)`);
    const seqLine = (name: string, r: { sorted: number[]; trips: number; calls: number }) =>
      `  ${name.padEnd(38)}             p50 ${fmt(percentile(r.sorted, 50), 1)} ms  p99 ${fmt(percentile(r.sorted, 99), 1)} ms  ` +
      `RPC round trips/payout ${fmt(r.trips / SEQUENTIAL, 3)} (${fmt(r.calls / SEQUENTIAL, 2)} calls)`;
    console.log(seqLine(`baseline, one at a time (${SEQUENTIAL})`, seqBase));
    console.log(seqLine(`payer wallet, one at a time (${SEQUENTIAL})`, seqPayer));
    console.log(rateLine('baseline, no payer wallet, 100 req/s', base100));
    console.log(rateLine('payer wallet, 100 req/s', payer100));
    console.log(line('baseline, no payer wallet, 20 conns', baseMax));
    console.log(line('payer wallet, 20 conns', payerMax));
    console.log(
      `  ratio payer/baseline: throughput ${fmt(payerMax.requestsPerSecond / baseMax.requestsPerSecond, 3)}, ` +
        `p99 at 100 req/s ${fmt(payer100.latencyP99Ms / Math.max(1, base100.latencyP99Ms), 2)}x`,
    );
    reportFigures('payouts', [
      { name: 'payer wallet, one at a time, p99', value: percentile(seqPayer.sorted, 99), unit: 'ms', better: 'lower' },
      { name: 'payer wallet, 100 req/s, p99', value: payer100.latencyP99Ms, unit: 'ms', better: 'lower' },
      { name: 'payer wallet, 20 conns, throughput', value: payerMax.requestsPerSecond, unit: 'req/s', better: 'higher' },
      { name: 'payer wallet, 20 conns, p99', value: payerMax.latencyP99Ms, unit: 'ms', better: 'lower' },
    ]);
    console.log(
      `  target: 1 RPC round trip per payout and p99 < 50 ms at 100 req/s -> ${seqPayer.trips === SEQUENTIAL && payer100.latencyP99Ms < 50 ? 'met' : 'NOT met'}`,
    );
  } finally {
    await app.close();
    await rpc.close();
    await infra.stop();
  }
}

await main();
process.exit(0);
