import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RecurringPaymentPermit } from '@payrail/permits';
import { ANVIL_ACCOUNTS, type AppHandle, freePort, startApp, waitFor } from '@payrail/devstack';
import { Contract, JsonRpcProvider, toBeHex, Wallet } from 'ethers';
import { createTenantIn } from '@payrail/test-support/tenants.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { type ApiCall, PERIODS, runClockYear } from '@payrail/test-support/test-clocks/clock-year.js';
import { benchInfra, reportFigures } from './bench-run.js';

// A year of a monthly schedule through a test clock (issue #37, target < 60 s): payments-api and
// chain-worker as processes on a private stack; a clock, a monthly schedule of 12 attached, 6
// advances of 60 days (the cap), each awaited until ready (test/support/test-clocks/clock-year.ts,
// the walkthrough of docs/test-clocks.md). Baseline in the same run: one ordinary period (no
// clock) from activation to executed, the figure's ratio is to twelve of them.
const TARGET_S = 60;

async function main(): Promise<void> {
  const infra = await benchInfra('bench-test-clock');
  const deploymentFile = join(infra.dir, 'deployment.json');
  await writeFile(deploymentFile, JSON.stringify(infra.deployment));
  const env = {
    NODE_ENV: 'test',
    PAYRAIL_ENV: 'local',
    DATABASE_URL: infra.databaseUrl,
    REDIS_URL: infra.redisUrl,
    QUEUE_PREFIX: 'bench',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MULTIPLIER: '100',
    RPC_URL_SEPOLIA: infra.chain.rpcUrl,
    CHAIN_DEPLOYMENT_FILE: deploymentFile,
    DETECTION_POLL_INTERVAL_MS: '200',
    RELAYER_PRIVATE_KEY: ANVIL_ACCOUNTS[3].privateKey,
    RECURRING_POLL_INTERVAL_MS: '200',
  };
  const provider = new JsonRpcProvider(infra.chain.rpcUrl, undefined, { cacheTimeout: -1 });
  const apps: AppHandle[] = [];
  try {
    const key = (await createTenantIn(env)).apiKey.apiKey;
    for (const name of ['payments-api', 'chain-worker'] as const)
      apps.push(await startApp(name, { port: await freePort(), env, output: { file: join(infra.dir, `${name}.log`) } }));
    const call: ApiCall = async <T>(method: string, path: string, body?: object) => {
      const res = await fetch(`${apps[0].url}${path}`, {
        method,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as T };
    };
    const token = infra.deployment.tokens.USDC.address;
    const baselineS = await ordinaryPeriod(call, infra.chain.rpcUrl, provider, token);
    const started = process.hrtime.bigint();
    const year = await runClockYear(call, { rpcUrl: infra.chain.rpcUrl, provider, token });
    const yearS = Number(process.hrtime.bigint() - started) / 1e9;
    year.payer.close();
    console.log(`test clock: a monthly schedule of ${PERIODS} through a year in 6 advances (payments-api + chain-worker, private anvil)`);
    console.log(`  year (clock, schedule, activation, 6 advances)  ${yearS.toFixed(2)} s   target < ${TARGET_S} s`);
    console.log(`  advances  ${year.advanceMs.map((ms) => (ms / 1000).toFixed(2)).join(' s, ')} s`);
    console.log(`  baseline (one ordinary period, activation to executed)  ${baselineS.toFixed(2)} s`);
    console.log(`  ratio year / (${PERIODS} x baseline)  ${(yearS / Math.max(0.001, PERIODS * baselineS)).toFixed(2)}`);
    reportFigures('test-clock', [
      { name: 'year_seconds', value: yearS, unit: 's', better: 'lower' },
      { name: 'baseline_period_seconds', value: baselineS, unit: 's', better: 'lower' },
    ]);
  } finally {
    provider.destroy();
    await Promise.all(apps.map((a) => a.stop()));
    await infra.stop();
  }
}

/** Seconds from activating an ordinary daily schedule (no clock) to its payment 1 executed. */
async function ordinaryPeriod(call: ApiCall, rpcUrl: string, provider: JsonRpcProvider, token: string): Promise<number> {
  const wallet = new Wallet(Wallet.createRandom().privateKey);
  const payer = new ChainPayer(rpcUrl, wallet.privateKey);
  try {
    await provider.send('anvil_setBalance', [wallet.address, toBeHex(10n ** 18n)]);
    const mint = new Contract(token, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(wallet.address, 100_000_000n)) as { wait(): Promise<unknown> }).wait();
    const created = await call<{
      id: string;
      transactions: { to: string; data: string; value: string }[];
      recurringPaymentPermit: RecurringPaymentPermit;
    }>('POST', '/v2/payouts', {
      payee: Wallet.createRandom().address,
      amount: '7.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      recurrence: { startDate: new Date().toISOString().slice(0, 10), frequency: 'DAILY', totalPayments: 2, payer: wallet.address },
    });
    await payer.submit(created.body.transactions);
    const { domain, types, values } = created.body.recurringPaymentPermit;
    const signature = await wallet.signTypedData(domain, types, values);
    const started = process.hrtime.bigint();
    await call('POST', `/v2/payouts/recurring/${created.body.id}`, { permitSignature: signature });
    await waitFor(
      'ordinary payment 1',
      async () =>
        (await call<{ processedPayments: number }>('GET', `/v2/payouts/recurring/${created.body.id}`)).body.processedPayments === 1
          ? true
          : undefined,
      60_000,
      50,
    );
    return Number(process.hrtime.bigint() - started) / 1e9;
  } finally {
    payer.close();
  }
}

await main();
