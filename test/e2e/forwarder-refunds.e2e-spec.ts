import { type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { depositRefundTypedData, encodeDeployAndRefund, type DepositTerms } from '@payrail/chains';
import { ANVIL_ACCOUNTS, waitFor } from '@payrail/devstack';
import { createDataSource, sqlRows } from '@payrail/persistence';
import { privateChainWorkerEnv, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { startInProcessApi, type InProcessApi } from '@payrail/test-support/in-process.js';
import { jsonCall } from '@payrail/test-support/json-call.js';
import { setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { appEnv, createTestDatabase, uniqueName } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { Contract, type HDNodeWallet, id, NonceManager, parseEther, Wallet, ZeroAddress } from 'ethers';
import type { DataSource } from 'typeorm';
import { ChainWorkerModule } from '../../apps/chain-worker/src/app.module.js';
import { PaymentsApiModule } from '../../apps/payments-api/src/app.module.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;
type Typed = ReturnType<typeof depositRefundTypedData>;
interface Refund {
  id: string;
  amount: string;
  currency: string;
  from: string;
  to: string;
  status: string;
  source: string;
  txHash: string | null;
  failureReason: string | null;
  exceptionId: string | null;
  transactions: unknown[];
  typedData: Typed | null;
}
interface Exception {
  id: string;
  kind: string;
  status: string;
}

// Refunds of funds a deposit forwarder holds (issue #35), end to end on a private anvil running Request
// Network's published fee proxies: a plain transfer overpays a deposit address and another token lands
// there; the API answers the EIP-712 refund the payee signs; chain-worker's relayer sends
// factory.deployAndRefund; the receipt under its confirmation confirms it (refund.confirmed).
describe('refunds from a deposit forwarder: payee-signed, relayer-sent, confirmed', () => {
  let chain: Chain;
  let db: DataSource;
  let api: InProcessApi;
  let worker: INestApplicationContext;
  let apiKey: string;
  let payer: NonceManager;
  const relayer = Wallet.createRandom();
  const payee = Wallet.createRandom();

  beforeAll(async () => {
    chain = await startPrivateChain();
    const databaseUrl = await createTestDatabase();
    const extra = { CHAIN_DEPLOYMENT_FILE: chain.deploymentFile, RPC_URL_SEPOLIA: chain.anvil.rpcUrl };
    api = await startInProcessApi(
      PaymentsApiModule.forRoot(appEnv(databaseUrl, uniqueName('fwr'), { LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000', ...extra })),
    );
    apiKey = (await createTenant(api.app)).apiKey.apiKey;
    for (const a of [relayer.address, payee.address]) await setEtherBalance(chain.anvil.rpcUrl, a, parseEther('10'));
    const workerEnv = {
      CHAIN_CONFIRMATIONS: 'sepolia:1',
      DEPOSIT_POLL_INTERVAL_MS: '100',
      RELAYER_PRIVATE_KEY: relayer.privateKey,
      RECURRING_ENABLED: 'false',
    };
    const ref = await Test.createTestingModule({
      imports: [ChainWorkerModule.forRoot(privateChainWorkerEnv(databaseUrl, chain, 'fwr', workerEnv))],
    }).compile();
    worker = await ref.init();
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
    payer = new NonceManager(new Wallet(ANVIL_ACCOUNTS[1].privateKey, chain.provider));
  }, 90000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.destroy();
    await chain?.stop();
  });

  const call = <T = Record<string, unknown>>(method: string, path: string, body?: object, headers: Record<string, string> = {}) =>
    jsonCall<T>(`${api.url}${path}`, method, { 'x-api-key': apiKey, ...headers }, body);
  /** Waits, mining a block after each failed check (1 confirmation: a block on top). */
  const untilMined = (what: string, check: () => Promise<boolean>, ms = 30000) =>
    waitFor(
      what,
      async () => {
        if (await check()) return true;
        await chain.provider.send('anvil_mine', ['0x1']);
        return undefined;
      },
      ms,
    );
  const token = (symbol: string) => chain.deployment.tokens[symbol].address;
  const erc20 = (symbol: string) =>
    new Contract(
      token(symbol),
      ['function transfer(address,uint256) returns (bool)', 'function balanceOf(address) view returns (uint256)'],
      payer,
    );
  const balanceOf = (symbol: string, owner: string) => erc20(symbol).getFunction('balanceOf')(owner) as Promise<bigint>;
  const send = async (symbol: string, to: string, amount: bigint) =>
    (await (erc20(symbol).getFunction('transfer')(to, amount) as Promise<{ wait(): Promise<unknown> }>)).wait();
  const sign = (typed: Typed, signer: Wallet | HDNodeWallet = payee) => signer.signTypedData(typed.domain, typed.types, typed.message);
  const refundOf = async (requestId: string, refundId: string) =>
    (await call<Refund>('GET', `/v2/request/${requestId}/refunds/${refundId}`)).body;
  const refundEvents = async (refundId: string) =>
    (
      await sqlRows<{ event_type: string; status: string }>(
        db,
        `SELECT event_type, payload->>'status' AS status FROM outbox_events WHERE payload->>'refundId' = $1 ORDER BY id`,
        [refundId],
      )
    ).map((e) => `${e.event_type}:${e.status}`);

  it('the overpaid excess and a wrong token go back where the payee signed; the payment is untouched; cancel frees an unsigned one', async () => {
    const created = await call<{ requestId: string }>('POST', '/v2/request', {
      payee: payee.address,
      amount: '10',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
    });
    expect(created.status).toBe(201);
    const { requestId } = created.body;
    const detail = await call<{ deposit: { address: string } }>('GET', `/v2/request/${requestId}`);
    expect(detail.body).toHaveProperty('deposit.address');
    const at = detail.body.deposit.address;
    await send('USDC', at, 12_000_000n); // 2 fUSDC too much
    await send('DAI', at, 3n * 10n ** 18n); // the wrong token
    await untilMined(
      'paid through the deposit address',
      async () => (await call<{ status: string }>('GET', `/v2/request/${requestId}`)).body.status === 'paid',
    );
    expect(await balanceOf('USDC', payee.address)).toBe(10_000_000n);

    // The excess: more than it is a 409; the refund address is required.
    const post = (key: string, body: object) => call<Refund>('POST', `/v2/request/${requestId}/refunds`, body, { 'idempotency-key': key });
    expect((await post('a', { source: 'deposit_forwarder' })).status).toBe(400);
    expect((await post('b', { source: 'deposit_forwarder', refundAddress: ANVIL_ACCOUNTS[5].address, amount: '2.5' })).status).toBe(409);
    // An unsigned refund can be cancelled; its amount is free again.
    const abandoned = await post('c', { source: 'deposit_forwarder', refundAddress: ANVIL_ACCOUNTS[5].address });
    expect(abandoned.body).toMatchObject({
      status: 'awaiting_signature',
      source: 'deposit_forwarder',
      amount: '2.0',
      from: at,
      transactions: [],
    });
    expect((await post('d', { source: 'deposit_forwarder', refundAddress: ANVIL_ACCOUNTS[5].address, amount: '0.1' })).status).toBe(409);
    const cancelled = await call<Refund>('POST', `/v2/request/${requestId}/refunds/${abandoned.body.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', failureReason: 'cancelled', typedData: null });
    expect((await call('POST', `/v2/request/${requestId}/refunds/${abandoned.body.id}/cancel`)).status).toBe(409);
    expect(await refundEvents(abandoned.body.id)).toEqual(['refund.created:awaiting_signature', 'refund.failed:cancelled']);

    const excess = await post('e', { source: 'deposit_forwarder', refundAddress: ANVIL_ACCOUNTS[5].address });
    expect(excess.status).toBe(201);
    const typed = excess.body.typedData!;
    expect(typed.domain).toMatchObject({ name: 'Payrail DepositForwarder', version: '1', verifyingContract: at });
    expect(typed.message).toMatchObject({ token: token('USDC'), to: ANVIL_ACCOUNTS[5].address, amount: '2000000' });
    // Only the payee's signature is taken.
    const forged = await call('POST', `/v2/request/${requestId}/refunds/${excess.body.id}/signature`, {
      signature: await sign(typed, relayer),
    });
    expect(forged).toMatchObject({ status: 400 });
    const signed = await call<Refund>('POST', `/v2/request/${requestId}/refunds/${excess.body.id}/signature`, {
      signature: await sign(typed),
    });
    expect(signed.body).toMatchObject({ status: 'submitted', typedData: null });
    const before = await balanceOf('USDC', ANVIL_ACCOUNTS[5].address);
    await untilMined('the excess refund confirmed', async () => (await refundOf(requestId, excess.body.id)).status === 'confirmed');
    expect(await balanceOf('USDC', ANVIL_ACCOUNTS[5].address)).toBe(before + 2_000_000n);
    expect(await balanceOf('USDC', at)).toBe(0n);
    expect(await balanceOf('USDC', payee.address)).toBe(10_000_000n);
    expect(await refundEvents(excess.body.id)).toEqual(['refund.created:awaiting_signature', 'refund.confirmed:confirmed']);

    // The wrong token: its exception's refund comes from the forwarder. The payee first gives 1 DAI back
    // on its own (the factory is permissionless), so the API's 3 DAI refund is refused on chain: failed.
    const wrong = await waitFor('the wrong_token exception', async () =>
      (await call<{ exceptions: Exception[] }>('GET', `/v2/request/${requestId}`)).body.exceptions.find((e) => e.kind === 'wrong_token'),
    );
    const terms: DepositTerms = {
      proxy: chain.deployment.contracts.ERC20FeeProxy,
      token: token('USDC'),
      payee: payee.address,
      amount: 10_000_000n,
      paymentReference: (await call<{ paymentReference: string }>('GET', `/v2/request/${requestId}`)).body.paymentReference,
      feeAmount: 0n,
      feeAddress: ZeroAddress,
    };
    const own = { token: token('DAI'), to: payee.address, amount: 10n ** 18n, refundId: id('own'), deadline: 4_000_000_000n };
    const chainId = Number((await chain.provider.getNetwork()).chainId);
    const ownSignature = await sign(depositRefundTypedData(chainId, at, own));
    const payeeSigner = payee.connect(chain.provider);
    const data = encodeDeployAndRefund(terms, own, ownSignature);
    await (await payeeSigner.sendTransaction({ to: chain.deployment.contracts.DepositForwarderFactory, data })).wait();

    const refundException = (key: string, body: object) =>
      call<Refund>('POST', `/v2/exceptions/${wrong.id}/refund`, body, { 'idempotency-key': key });
    const tooMuch = await refundException('f', { refundAddress: ANVIL_ACCOUNTS[6].address });
    expect(tooMuch.body).toMatchObject({ amount: '3.0', source: 'deposit_forwarder', exceptionId: wrong.id });
    await call('POST', `/v2/request/${requestId}/refunds/${tooMuch.body.id}/signature`, { signature: await sign(tooMuch.body.typedData!) });
    await untilMined('the refused refund failed', async () => (await refundOf(requestId, tooMuch.body.id)).status === 'failed');
    expect((await refundOf(requestId, tooMuch.body.id)).failureReason).toBe('ExceedsRefundable'); // the forwarder holds 2 DAI now
    expect(await refundEvents(tooMuch.body.id)).toEqual(['refund.created:awaiting_signature', 'refund.failed:failed']);

    const daiBefore = await balanceOf('DAI', ANVIL_ACCOUNTS[6].address);
    const rest = await refundException('g', { refundAddress: ANVIL_ACCOUNTS[6].address, amount: '2' });
    expect(rest.status).toBe(201);
    await call('POST', `/v2/request/${requestId}/refunds/${rest.body.id}/signature`, { signature: await sign(rest.body.typedData!) });
    await untilMined('the wrong-token refund confirmed', async () => (await refundOf(requestId, rest.body.id)).status === 'confirmed');
    expect(await balanceOf('DAI', ANVIL_ACCOUNTS[6].address)).toBe(daiBefore + 2n * 10n ** 18n);
    const after = (await call<{ exceptions: Exception[] }>('GET', `/v2/request/${requestId}`)).body.exceptions.find(
      (e) => e.id === wrong.id,
    );
    expect(after?.status).toBe('refunded');
  });

  it('a payee-wallet refund whose reported transaction reverted is failed (refund.failed) and its amount free again', async () => {
    const [requestId] = (
      await sqlRows<{ id: string }>(db, `SELECT id FROM requests WHERE payee = $1 AND status = 'paid' LIMIT 1`, [payee.address])
    ).map((r) => r.id);
    const post = (key: string) =>
      call<Refund>(
        'POST',
        `/v2/request/${requestId}/refunds`,
        { amount: '10', refundAddress: ANVIL_ACCOUNTS[7].address },
        { 'idempotency-key': key },
      );
    const created = await post('wallet-1');
    expect(created.body).toMatchObject({ source: 'payee_wallet', status: 'awaiting_signature', typedData: null });
    expect((await post('wallet-2')).status).toBe(409); // everything paid is reserved by the first
    // The payee's wallet sends the fee-proxy call without the approve first: it reverts on chain.
    const transfer = created.body.transactions.at(-1) as { to: string; data: string };
    const sent = await payee.connect(chain.provider).sendTransaction({ to: transfer.to, data: transfer.data, gasLimit: 300_000n });
    const receipt = await chain.provider.waitForTransaction(sent.hash);
    expect(receipt?.status).toBe(0);
    const reported = await call<Refund>('POST', `/v2/request/${requestId}/refunds/${created.body.id}/transaction`, { txHash: sent.hash });
    expect(reported.body).toMatchObject({ status: 'awaiting_signature' });
    await untilMined('the reverted refund failed', async () => (await refundOf(requestId, created.body.id)).status === 'failed');
    expect(await refundOf(requestId, created.body.id)).toMatchObject({ failureReason: 'reverted', txHash: sent.hash });
    expect(await refundEvents(created.body.id)).toEqual(['refund.created:awaiting_signature', 'refund.failed:failed']);
    // The wallet's report can come after the chain settled it: the same hash again is answered as
    // the refund stands (the dashboard raced detection this way); another hash is refused.
    const report = (txHash: string) => call<Refund>('POST', `/v2/request/${requestId}/refunds/${created.body.id}/transaction`, { txHash });
    expect(await report(sent.hash)).toMatchObject({ status: 200, body: { status: 'failed' } });
    expect((await report(`0x${'ab'.repeat(32)}`)).status).toBe(409);
    expect((await post('wallet-3')).status).toBe(201);
  });
});
