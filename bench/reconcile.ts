import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { ANVIL_ACCOUNTS } from '@payrail/devstack';
import { chunkRange, readProxyTransfers, scanProxyTransfers } from '@payrail/chains';
import { BATCH_FEE_READS, decodeBatchFeeSettings, encodeBatchPayments } from '@payrail/permits';
import { createDataSource, DetectionRepository, ReconciliationRepository, sqlExecute } from '@payrail/persistence';
import { Reconciler } from '@payrail/reconciliation';
import { Contract, getAddress, hexlify, JsonRpcProvider, NonceManager, randomBytes, Wallet } from 'ethers';
import { benchInfra, reportFigures, sized } from './bench-run.js';
import { BENCH_PLATFORM, insertRequests, type Contracts } from './detection-block.js';

// Reconciliation of a day of PAYMENTS payments (issue #36, target < 60 s for 100,000): the
// payments are made through Request Network's published batch contract (PER_BATCH per
// transaction, each one an ERC20FeeProxy log), their requests and the ledger's transfers and
// settled states are recorded as detection and settlement leave them, then one operator-wide run
// reconciles the window (expected: 0 discrepancies). Baseline in the same run: the bare eth_getLogs
// reads of the same range, same chunks and concurrency, nothing else. Profile in the same run: the
// ledger side alone (the spans' ledger reads and request lookups, the status check).
const PAYMENTS = sized('BENCH_PAYMENTS', 100_000, 200);
const PER_BATCH = sized('BENCH_PER_BATCH', 100, 20);
// A real day is thousands of blocks read in 500-block chunks; this one is packed into 20 blocks of
// 5,000 payments, so it is cut into 2-block chunks to be read in as many pieces (3 spans of 4 chunks).
const CHUNK_BLOCKS = sized('BENCH_CHUNK_BLOCKS', 2, 1);
const CONCURRENCY = 4;
const TARGET_S = 60;

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function main(): Promise<void> {
  const infra = await benchInfra('bench-reconcile');
  const db = createDataSource(infra.databaseUrl, 4);
  await db.initialize();
  const provider = new JsonRpcProvider(infra.chain.rpcUrl, undefined, { cacheTimeout: -1 });
  const signer = new Wallet(ANVIL_ACCOUNTS[1].privateKey, provider);
  const payer = new NonceManager(signer);
  const c: Contracts = {
    usdc: infra.chain.tokens.USDC,
    erc20Proxy: infra.chain.contracts.ERC20FeeProxy,
    nativeProxy: infra.chain.contracts.EthereumFeeProxy,
  };
  const batch = infra.chain.contracts.BatchConversionPayments;
  const contracts = [c.erc20Proxy, c.nativeProxy];
  try {
    await sqlExecute(db, `INSERT INTO platforms (id, name) VALUES ($1, 'bench') ON CONFLICT DO NOTHING`, [BENCH_PLATFORM]);
    await provider.send('evm_setBlockGasLimit', ['0x3b9aca00']); // 1e9 gas: many batches per block
    const approve = new Contract(c.usdc, ['function approve(address,uint256)'], payer).getFunction('approve');
    await ((await approve(batch, 10n ** 30n)) as { wait(): Promise<unknown> }).wait();
    const [fee, limit] = await Promise.all(BATCH_FEE_READS.map((data) => provider.call({ to: batch, data })));
    const settings = decodeBatchFeeSettings(fee, limit);
    const feeAddress = Wallet.createRandom().address;

    // The day: PAYMENTS USDC payments of ours, PER_BATCH per batch transaction, 50 transactions a block.
    const setup = process.hrtime.bigint();
    const firstBlock = (await provider.getBlockNumber()) + 1;
    const from = new Date(((await provider.getBlock('latest'))!.timestamp + 1) * 1000);
    await provider.send('evm_setAutomine', [false]);
    const { chainId } = await provider.getNetwork();
    const fees = { type: 2, maxFeePerGas: 100n * 10n ** 9n, maxPriorityFeePerGas: 10n ** 9n, chainId };
    let nonce = await provider.getTransactionCount(signer.address, 'pending');
    for (let done = 0; done < PAYMENTS;) {
      const signed: string[] = [];
      for (let t = 0; t < 50 && done < PAYMENTS; t++) {
        const n = Math.min(PER_BATCH, PAYMENTS - done);
        // Random payees and references (Wallet.createRandom derives a mnemonic: far too slow for 100,000).
        const payments = Array.from({ length: n }, (_, i) => ({
          kind: 'erc20' as const,
          reference: hexlify(randomBytes(8)),
          payee: getAddress(hexlify(randomBytes(20))),
          amount: 1_000_000n + BigInt(done + i),
          fee: 0n,
          feeAddress,
        }));
        await insertRequests(db, payments, c);
        const encoded = encodeBatchPayments(
          payments.map((p) => ({ token: c.usdc, recipient: p.payee, amount: p.amount, paymentReference: p.reference, feeAmount: 0n })),
          feeAddress,
          settings,
        );
        signed.push(
          await signer.signTransaction({
            ...fees,
            to: batch,
            data: encoded.data,
            nonce: nonce++,
            gasLimit: 60_000n * BigInt(n) + 200_000n,
          }),
        );
        done += n;
      }
      await Promise.all(signed.map((tx) => provider.send('eth_sendRawTransaction', [tx])));
      await provider.send('evm_mine', []);
      if (done % 20_000 === 0) console.log(`  setup: ${done} payments mined`);
    }
    await provider.send('evm_setAutomine', [true]);
    const lastBlock = await provider.getBlockNumber();
    await provider.send('evm_mine', []);
    // The ledger as detection and settlement leave it: every log recorded, settled, its request paid.
    const repo = new DetectionRepository(db.manager);
    let recorded = 0;
    for (const range of chunkRange(firstBlock, lastBlock, CHUNK_BLOCKS)) {
      const logs = await readProxyTransfers(provider, contracts, range.from, range.to);
      const times = new Map<number, number>();
      for (const n of new Set(logs.map((l) => l.blockNumber))) times.set(n, (await provider.getBlock(n))!.timestamp);
      for (let i = 0; i < logs.length; i += 5000)
        recorded += await repo.saveTransfers(
          'sepolia',
          logs.slice(i, i + 5000).map((l) => ({ ...l, from: null, timestamp: times.get(l.blockNumber)! })),
        );
    }
    if (recorded !== PAYMENTS) throw new Error(`the chain holds ${recorded} payment logs, not ${PAYMENTS}`);
    await sqlExecute(db, 'UPDATE payment_transfers SET settled_at = now()');
    await sqlExecute(db, `UPDATE requests SET status = 'paid', amount_paid = expected_amount, paid_at = now()`);
    await sqlExecute(db, 'ANALYZE');
    const to = new Date(((await provider.getBlock(lastBlock))!.timestamp + 1) * 1000);
    console.log(
      `setup: ${PAYMENTS} payments in ${lastBlock - firstBlock + 1} blocks, ledger recorded (${seconds(setup).toFixed(0)} s, not measured)`,
    );

    // Baseline: the bare reads of the same range, same chunks and concurrency.
    const bareStart = process.hrtime.bigint();
    const bare = (await scanProxyTransfers(provider, contracts, chunkRange(firstBlock, lastBlock, CHUNK_BLOCKS), CONCURRENCY)).flat()
      .length;
    const bareS = seconds(bareStart);

    const reconciler = new Reconciler(db, () => ({ provider, contracts, confirmations: 0 }), {
      chunkBlocks: CHUNK_BLOCKS,
      concurrency: CONCURRENCY,
    });
    const runStart = process.hrtime.bigint();
    const id = (await reconciler.create({ platformId: null, network: 'sepolia', from, to, trigger: 'cli' }))!;
    const summary = await reconciler.runById(id);
    const runS = seconds(runStart);
    const total = Object.values(summary.discrepancies).reduce((a, b) => a + b, 0);
    // Profile: the ledger side of the same window alone (what the run overlaps with the reads).
    const ledgerRepo = new ReconciliationRepository(db.manager);
    const ledgerStart = process.hrtime.bigint();
    const span = CHUNK_BLOCKS * CONCURRENCY;
    for (const range of chunkRange(firstBlock, lastBlock, span)) {
      const rows = await ledgerRepo.ledgerTransfers('sepolia', range.from, range.to, null);
      await ledgerRepo.requestsOf('sepolia', [...new Set(rows.map((t) => t.referenceTopic))], null);
    }
    const ledgerS = seconds(ledgerStart);
    const checksStart = process.hrtime.bigint();
    const checked = (await ledgerRepo.statusChecks('sepolia', firstBlock, lastBlock, [], null)).length;
    const checksS = seconds(checksStart);
    if (summary.chainTransfers !== PAYMENTS || bare !== PAYMENTS || total !== 0)
      throw new Error(`expected ${PAYMENTS} logs and 0 discrepancies: ${JSON.stringify({ ...summary, bare })}`);

    console.log(
      `reconciliation of a window of ${PAYMENTS} payments (batch contract, ${PER_BATCH} per transaction; chunks of ${CHUNK_BLOCKS} blocks, ${CONCURRENCY} in flight)`,
    );
    console.log(
      `  reconciliation run (blocks from time, logs, ledger diff, status check of every request)  ${runS.toFixed(2)} s  0 discrepancies`,
    );
    console.log(`  baseline (bare eth_getLogs of the same range)  ${bareS.toFixed(2)} s`);
    console.log(`  profile: ledger reads and request lookups of the spans alone  ${ledgerS.toFixed(2)} s`);
    console.log(`  profile: status check of the ${checked} requests alone  ${checksS.toFixed(2)} s`);
    console.log(`  ratio run/baseline  ${(runS / Math.max(0.001, bareS)).toFixed(2)}`);
    console.log(
      `  target < ${TARGET_S} s for 100,000 payments: ${PAYMENTS >= 100_000 ? (runS < TARGET_S ? 'met' : 'missed') : 'not measured at this size'}`,
    );
    console.log(
      `  load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${cpus().length} cores)`,
    );
    reportFigures('reconcile', [
      { name: `reconcile ${PAYMENTS} payments`, value: runS, unit: 's', better: 'lower' },
      { name: `bare eth_getLogs of ${PAYMENTS} payments`, value: bareS, unit: 's', better: 'lower' },
    ]);
  } finally {
    await db.destroy();
    provider.destroy();
    await infra.stop();
  }
}

await main();
