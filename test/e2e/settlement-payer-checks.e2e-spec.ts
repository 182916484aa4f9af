import { encodeApprove, encodeErc20FeeProxyPayment } from '@payrail/permits';
import { Wallet } from 'ethers';
import { createDataSource, sqlOne, sqlRows } from '@payrail/persistence';
import type { DataSource } from 'typeorm';
import { payWithReference, startPrivateChain } from '@payrail/test-support/chain-worker/private-chain.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { ANVIL_ACCOUNTS, fundAccounts, waitFor, type AppHandle } from '@payrail/devstack';
import { createTenantIn } from '../support/tenants.js';
import { appEnv, createTestDatabase, startTestApp, uniqueName } from '../support/stack.js';

type Chain = Awaited<ReturnType<typeof startPrivateChain>>;
type Row = { event_type: string; payload: Record<string, unknown> };

// A key whose address ends in `dead`: the local KYT sandbox rejects it (found once by search; a test key, never funded elsewhere).
const SANCTIONED = new Wallet('0xeb9fc6b212f88105664c7f089d12a692cb836108ea11ef4a4c1b8f776b23b1ef');
const PAYER = ANVIL_ACCOUNTS[1].address;

// The built payments-api and chain-worker on a private anvil: secure payments paid for real by a
// wallet their access policy refuses. The payee has the money, so the request is paid and
// payment.confirmed goes out, naming the violation; the secure payment is compliance_failed.
describe('settlement checks the wallet that paid against the allowlist and KYT (built apps, private chain)', () => {
  let chain: Chain;
  let db: DataSource;
  let apps: AppHandle[] = [];
  let apiKey: string;

  beforeAll(async () => {
    chain = await startPrivateChain();
    await fundAccounts({
      rpcUrl: chain.anvil.rpcUrl,
      deployerPrivateKey: ANVIL_ACCOUNTS[0].privateKey,
      deployment: chain.deployment,
      accounts: [SANCTIONED.address],
      nativeAmount: '1',
    });
    const databaseUrl = await createTestDatabase();
    const env = appEnv(databaseUrl, uniqueName('payer'), {
      RPC_URL_SEPOLIA: chain.anvil.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: chain.deploymentFile,
      CHAIN_CONFIRMATIONS: 'sepolia:0',
      DETECTION_POLL_INTERVAL_MS: '100',
      RATE_LIMIT_MULTIPLIER: '100',
    });
    apiKey = (await createTenantIn(env)).apiKey.apiKey;
    apps = await Promise.all((['payments-api', 'chain-worker'] as const).map((name) => startTestApp(name, env)));
    db = createDataSource(databaseUrl, 2);
    await db.initialize();
  }, 120000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await db?.destroy();
    await chain?.stop();
  });

  const usdc = () => chain.deployment.tokens.USDC.address;
  /** A 2 fUSDC secure payment with `accessPolicy`, and what paying its request takes. */
  const link = async (accessPolicy: object) => {
    const payee = Wallet.createRandom().address;
    const res = await fetch(`${apps[0].url}/v2/secure-payments`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        requests: [{ payee, amount: '2', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
        accessPolicy,
      }),
    });
    expect(res.status).toBe(201);
    const { token, requestIds } = (await res.json()) as { token: string; requestIds: string[] };
    const row = (await sqlOne<{ payment_reference: string; fee: string; fee_address: string | null }>(
      db,
      'SELECT payment_reference, fee_amount::text AS fee, fee_address FROM requests WHERE id = $1',
      requestIds,
    ))!;
    return { token, requestId: requestIds[0], payee, reference: row.payment_reference, fee: BigInt(row.fee), feeAddress: row.fee_address };
  };
  type Link = Awaited<ReturnType<typeof link>>;
  const payFromAnvil = (l: Link) =>
    payWithReference(chain.provider, chain.deployment, {
      token: usdc(),
      payee: l.payee,
      amount: 2_000_000n,
      fee: l.fee,
      feeAddress: l.feeAddress ?? undefined,
      reference: l.reference,
    });
  const settled = (l: Link) =>
    waitFor(
      'the secure payment settled',
      async () => {
        const row = await sqlOne<{ status: string; payer_violation: Record<string, unknown> | null }>(
          db,
          'SELECT status, payer_violation FROM secure_payments WHERE token = $1',
          [l.token],
        );
        return row?.status === 'pending' ? undefined : row;
      },
      15000,
      50,
    );
  const outbox = async (aggregateId: string): Promise<Row[]> =>
    sqlRows<Row>(db, 'SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY id', [aggregateId]);

  it('control: a payer inside the allowlist completes the payment with a plain payment.confirmed', async () => {
    const l = await link({ allowedPayerAddresses: [PAYER] });
    await payFromAnvil(l);
    expect(await settled(l)).toEqual({ status: 'completed', payer_violation: null });
    const [confirmed] = await outbox(l.requestId);
    expect(confirmed).toMatchObject({ event_type: 'payment.confirmed', payload: { subStatus: '', payerAddress: PAYER } });
    expect((await outbox(l.token)).map((e) => e.event_type)).toEqual(['secure_payment.status_changed']);
  }, 30000);

  it('attack: a wallet outside the allowlist pays anyway: compliance_failed, access_rejected, payment.confirmed with subStatus payer_not_allowed', async () => {
    const l = await link({ allowedPayerAddresses: [Wallet.createRandom().address] });
    const paid = await payFromAnvil(l);
    expect(await settled(l)).toEqual({
      status: 'compliance_failed',
      payer_violation: { reason: 'payer_not_allowed', payerAddress: PAYER.toLowerCase(), txHash: paid.txHash, at: expect.any(String) },
    });
    const [confirmed, ...others] = await outbox(l.requestId);
    expect(others).toEqual([]);
    expect(confirmed).toMatchObject({
      event_type: 'payment.confirmed',
      payload: { requestId: l.requestId, subStatus: 'payer_not_allowed', txHash: paid.txHash, totalAmountPaid: '2.0' },
    });
    const events = await outbox(l.token);
    expect(events.map((e) => e.event_type)).toEqual(['secure_payment.access_rejected', 'secure_payment.status_changed']);
    expect(events[0].payload).toEqual({
      event: 'secure_payment.access_rejected',
      requestId: l.requestId,
      clientId: null,
      orchestratorId: null,
      attemptedPayerWalletAddress: PAYER.toLowerCase(),
      timestamp: expect.any(String),
      _routing: expect.any(Object),
    });
    expect(events[1].payload).toMatchObject({ from: 'pending', to: 'compliance_failed', reason: 'payer_not_allowed' });
    const page = await fetch(`${apps[0].url}/v2/request/${l.requestId}`, { headers: { 'x-api-key': apiKey } });
    expect(await page.json()).toMatchObject({ status: 'paid', hasBeenPaid: true });
  }, 30000);

  it('attack: a wallet KYT rejects pays a screened link: kyt.screening.completed rejected, compliance_failed, subStatus payer_screening_rejected', async () => {
    const l = await link({ screening: 'kyt_all_wallets' });
    const proxy = chain.deployment.contracts.ERC20FeeProxy;
    const payer = new ChainPayer(chain.anvil.rpcUrl, SANCTIONED.privateKey);
    try {
      const payment = {
        to: l.payee,
        amount: 2_000_000n,
        paymentReference: l.reference,
        feeAmount: l.fee,
        feeAddress: l.feeAddress ?? undefined,
      };
      await payer.submit([
        { to: usdc(), data: encodeApprove(proxy, 2_000_000n + l.fee), value: 0 },
        { to: proxy, data: encodeErc20FeeProxyPayment(usdc(), payment), value: 0 },
      ]);
    } finally {
      payer.close();
    }
    expect(await settled(l)).toMatchObject({
      status: 'compliance_failed',
      payer_violation: { reason: 'payer_screening_rejected', payerAddress: SANCTIONED.address.toLowerCase() },
    });
    expect((await outbox(l.requestId)).map((e) => [e.event_type, e.payload.subStatus])).toEqual([
      ['payment.confirmed', 'payer_screening_rejected'],
    ]);
    const events = await outbox(l.token);
    expect(events.map((e) => e.event_type)).toEqual(['kyt.screening.completed', 'secure_payment.status_changed']);
    expect(events[0].payload).toMatchObject({
      status: 'rejected',
      walletAddress: SANCTIONED.address.toLowerCase(),
      provider: 'payrail-sandbox',
    });
  }, 30000);
});
