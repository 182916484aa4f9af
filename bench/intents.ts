import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { sqlExecute, sqlOne } from '@payrail/persistence';
import { configureHttpApp } from '@payrail/platform';
import { startRpcGate, type RpcCall } from '@payrail/test-support/rpc-gate.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { Contract, hexlify, JsonRpcProvider, NonceManager, randomBytes, Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { ChainWorkerModule } from '../apps/chain-worker/src/app.module.js';
import { PaymentsApiModule } from '../apps/payments-api/src/app.module.js';
import { benchInfra, percentile, reportFigures, sized } from './bench-run.js';
import { BENCH_PLATFORM, blockOfPayments, insertRequests, sendPayments, type Contracts } from './detection-block.js';

// The intent flood (issue #29) beside detection: payments-api and chain-worker in this process,
// the worker's RPC behind a counting proxy, a local chain mining a block a second. Unflooded, then
// flooded in the same run: a Client ID's 10 payment links sent 20 made-up transaction hashes a
// second (refused past the Client ID's open-intent cap), while blocks of PAYMENTS payments are
// mined and timed to their last payment.confirmed outbox row, as bench:detection does. Prints the
// intent-driven RPC calls a second (target < 60) and detection's p99 flooded vs unflooded (target
// within 1.2x).
const PAYMENTS = sized('BENCH_PAYMENTS', 500, 5);
const ROUNDS = sized('BENCH_ROUNDS', 8, 1);
const LINKS = 10;
const FLOOD_PER_SECOND = 20;
const BLOCK_MS = 1000;
const ORIGIN = 'https://shop.example';
const TARGET_CALLS_PER_SECOND = 60;
const TARGET_RATIO = 1.2;
const INTENT_METHODS = new Set(['eth_getTransactionByHash', 'eth_getTransactionReceipt']);

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function main(): Promise<void> {
  const infra = await benchInfra('bench-intents');
  const deploymentFile = join(infra.dir, 'deployment.json');
  await writeFile(deploymentFile, JSON.stringify(infra.deployment));
  const gate = await startRpcGate(infra.chain.rpcUrl);
  const provider = new JsonRpcProvider(infra.chain.rpcUrl, undefined, { cacheTimeout: -1 });
  const payer = new Wallet(ANVIL_ACCOUNTS[1].privateKey, provider);
  const c: Contracts = {
    usdc: infra.chain.tokens.USDC,
    erc20Proxy: infra.chain.contracts.ERC20FeeProxy,
    nativeProxy: infra.chain.contracts.EthereumFeeProxy,
  };
  const approve = new Contract(c.usdc, ['function approve(address,uint256)'], new NonceManager(payer)).getFunction('approve');
  await ((await approve(c.erc20Proxy, 10n ** 30n)) as { wait(): Promise<unknown> }).wait();
  await provider.send('evm_setBlockGasLimit', ['0x3b9aca00']);
  const env = {
    ...process.env,
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    RPC_URL_SEPOLIA: infra.chain.rpcUrl,
    CHAIN_DEPLOYMENT_FILE: deploymentFile,
    PAYRAIL_ENV: 'local',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '1000',
    USER_EVENTS_PER_MINUTE: '100000',
    RECURRING_ENABLED: 'false',
    PORT: '0',
  };
  const api = await NestFactory.create<NestExpressApplication>(PaymentsApiModule.forRoot(env), { bodyParser: false, logger: false });
  configureHttpApp(api, { credentials: true });
  await api.listen(0, '127.0.0.1');
  const url = (await api.getUrl()).replace('[::1]', '127.0.0.1');
  const db = api.get(DataSource);
  await sqlExecute(db, `INSERT INTO platforms (id, name) VALUES ($1, 'bench')`, [BENCH_PLATFORM]);
  const worker = await NestFactory.createApplicationContext(
    ChainWorkerModule.forRoot({
      ...env,
      RPC_URL_SEPOLIA: gate.url,
      WS_RPC_URLS: `sepolia=${infra.chain.rpcUrl.replace(/^http/, 'ws')}`,
      DETECTION_POLL_INTERVAL_MS: '500',
    }),
    { logger: false },
  );
  const { apiKey, client } = await createTenant(api, { allowedOrigins: [ORIGIN] });
  const links: string[] = [];
  for (let i = 0; i < LINKS; i++) {
    const res = await fetch(`${url}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey.apiKey },
      body: JSON.stringify({
        requests: [
          { payee: Wallet.createRandom().address, amount: '3', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' },
        ],
      }),
    });
    links.push(((await res.json()) as { token: string }).token);
  }

  // A block a second, paused while a round's payments are sent and mined.
  await provider.send('evm_setAutomine', [false]);
  let ticking = true;
  let stopped = false;
  const ticker = (async () => {
    while (!stopped) {
      await sleep(BLOCK_MS);
      if (ticking) await provider.send('evm_mine', []);
    }
  })();
  let flooding = false;
  const answers = { accepted: 0, refused: 0, failed: 0 };
  // The flood: FLOOD_PER_SECOND made-up hashes a second over the links in turn (the high-volume
  // tier's Client ID rate limit: enough that the open-intent cap, not the rate, is what binds).
  const flooder = (async () => {
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; !stopped; i++) {
      await sleep(1000 / FLOOD_PER_SECOND);
      if (!flooding) continue;
      const sent = fetch(`${url}/v2/secure-payments/${links[i % LINKS]}/intent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-id': client.clientId, origin: ORIGIN },
        body: JSON.stringify({ txHash: hexlify(randomBytes(32)), chain: 'sepolia' }),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status === 202) answers.accepted++;
          else answers.refused++;
        },
        () => void answers.failed++,
      );
      const tracked = sent.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    }
    await Promise.all([...inFlight]);
  })();

  let nonce = await provider.getTransactionCount(payer.address, 'pending');
  const rounds = async (): Promise<number[]> => {
    const latencies: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const block = blockOfPayments(PAYMENTS, 0);
      await insertRequests(db, block.ours, c);
      const lastId = (await sqlOne<{ id: string }>(db, 'SELECT coalesce(max(id), 0)::text AS id FROM outbox_events'))!.id;
      ticking = false;
      nonce = await sendPayments(provider, payer, block.ours, c, nonce);
      await sleep(Math.random() * 500);
      const mined = process.hrtime.bigint();
      await provider.send('evm_mine', []);
      ticking = true;
      for (;;) {
        const confirmed = await sqlOne<{ n: number }>(
          db,
          `SELECT count(*)::int AS n FROM outbox_events WHERE id > $1 AND event_type = 'payment.confirmed'`,
          [lastId],
        );
        if (confirmed?.n === PAYMENTS) break;
        await sleep(5);
      }
      latencies.push(ms(mined));
      await sleep(BLOCK_MS);
    }
    return latencies.sort((a, b) => a - b);
  };
  const count = (calls: RpcCall[], method: (m: string) => boolean) => calls.filter((call) => method(call.method)).length;
  const window = async (work: () => Promise<number[]>) => {
    const before = gate.calls().length;
    const started = performance.now();
    const latencies = await work();
    const seconds = (performance.now() - started) / 1000;
    const calls = gate.calls().slice(before);
    return {
      latencies,
      seconds,
      intentCalls: count(calls, (m) => INTENT_METHODS.has(m)),
      heads: count(calls, (m) => m === 'eth_blockNumber'),
      all: calls.length,
    };
  };

  try {
    await sleep(2000); // subscriptions up, first passes done
    const quiet = await window(rounds);
    flooding = true;
    await sleep(5000); // the flood reaches the Client ID's cap
    const flooded = await window(rounds);
    flooding = false;
    // Intent-driven: every receipt and transaction lookup (detection reads whole blocks here), and the
    // head reads above the unflooded rate (the intents' own head polls).
    const extraHeads = Math.max(0, flooded.heads / flooded.seconds - quiet.heads / quiet.seconds);
    const perSecond = flooded.intentCalls / flooded.seconds + extraHeads;
    const [p99Quiet, p99Flooded] = [percentile(quiet.latencies, 99), percentile(flooded.latencies, 99)];
    const ratio = p99Flooded / Math.max(1, p99Quiet);
    console.log(
      `intent flood beside detection: ${LINKS} links of one Client ID sent ${FLOOD_PER_SECOND} made-up hashes a second (${answers.accepted} accepted, ` +
        `${answers.refused} refused: open-intent caps; ${answers.failed} failed), a block every ${BLOCK_MS} ms, blocks of ${PAYMENTS} payments (${ROUNDS} rounds each)`,
    );
    console.log(
      `  intent-driven RPC calls: ${perSecond.toFixed(1)} /s over ${flooded.seconds.toFixed(0)} s ` +
        `(${flooded.intentCalls} lookups, +${extraHeads.toFixed(1)} head reads /s); all worker RPC calls ${(flooded.all / flooded.seconds).toFixed(1)} /s ` +
        `flooded vs ${(quiet.all / quiet.seconds).toFixed(1)} /s unflooded; target < ${TARGET_CALLS_PER_SECOND}/s: ${perSecond < TARGET_CALLS_PER_SECOND ? 'met' : 'missed'}`,
    );
    console.log(
      `  detection (block mined -> last outbox row) p99 unflooded ${p99Quiet.toFixed(0)} ms, flooded ${p99Flooded.toFixed(0)} ms ` +
        `(p50 ${percentile(quiet.latencies, 50).toFixed(0)} / ${percentile(flooded.latencies, 50).toFixed(0)} ms)`,
    );
    console.log(
      `  ratio flooded/unflooded p99 ${ratio.toFixed(2)}; target <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'missed'}`,
    );
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
    reportFigures('intents', [
      { name: 'intent-driven RPC calls a second, flooded', value: perSecond, unit: '/s', better: 'lower' },
      { name: `block of ${PAYMENTS} payments -> outbox, p99 flooded/unflooded`, value: ratio, unit: 'x', better: 'lower' },
    ]);
  } finally {
    stopped = true;
    await Promise.all([ticker, flooder]);
    await worker.close();
    await api.close();
    provider.destroy();
    await gate.close();
    await infra.stop();
  }
}

await main();
process.exit(0);
