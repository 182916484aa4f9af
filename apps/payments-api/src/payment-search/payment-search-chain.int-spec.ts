import { type AppHandle, waitFor } from '@payrail/devstack';
import { Contract, Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { type ApiTransaction, ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';
import { appEnv, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

interface Search {
  payments: Record<string, unknown>[];
  pagination: { total: number };
}

// A payout created through the API and paid on the local chain (Request Network's published
// ERC20FeeProxy) with the API's transactions, detected and settled by the built chain-worker on
// the same database: the payments search finds it by request, transaction, payer and type.
describe('GET /v2/payments on a payment settled from the chain', () => {
  const chain = testStack().chain;
  let p: PayoutsApi;
  let worker: AppHandle;
  let payer: ChainPayer;

  beforeAll(async () => {
    p = await startPayoutsApi();
    const url = (p.api.app.get(DataSource).options as { url: string }).url;
    const wallet = Wallet.createRandom();
    payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
    await setEtherBalance(chain.rpcUrl, wallet.address, 10n ** 18n);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(wallet.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
    worker = await startTestApp(
      'chain-worker',
      appEnv(url, uniqueName('search'), { LOG_LEVEL: 'warn', CHAIN_CONFIRMATIONS: 'sepolia:0', DETECTION_POLL_INTERVAL_MS: '100' }),
    );
  }, 120_000);
  afterAll(async () => {
    payer?.close();
    await worker?.stop();
    await p?.close();
  });

  it('lists the settled payment with its transaction, payer, fee, customer and reference', async () => {
    const payee = Wallet.createRandom().address;
    const feeAddress = Wallet.createRandom().address;
    const customerInfo = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
    const created = await p.call<{ requestId: string; paymentReference: string; transactions: ApiTransaction[] }>('POST', '/v2/payouts', {
      payee,
      amount: '12.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      payerWallet: payer.address,
      feePercentage: '1',
      feeAddress,
      customerInfo,
      reference: 'INV-2025-0042',
    });
    expect(created.status).toBe(201);
    const receipts = await payer.submit(created.body.transactions);
    const paid = receipts.at(-1)!;
    const block = await payer.provider.getBlock(paid.blockNumber);

    const found = await waitFor(
      'the settled payment in the search',
      async () => {
        const res = await p.call<Search>('GET', `/v2/payments?requestId=${created.body.requestId}`);
        return res.body.payments.length > 0 ? res.body : undefined;
      },
      20_000,
      100,
    );
    expect(found.payments).toEqual([
      expect.objectContaining({
        amount: '12.5',
        sourceNetwork: 'sepolia',
        sourceTxHash: paid.hash,
        timestamp: new Date(block!.timestamp * 1000).toISOString(),
        type: 'direct',
        currency: 'fUSDC',
        paymentCurrency: 'fUSDC',
        payer: payer.address,
        payee,
        fees: [expect.objectContaining({ type: 'platform', amount: '0.125', receiverAddress: feeAddress })],
        request: {
          requestId: created.body.requestId,
          paymentReference: created.body.paymentReference,
          hasBeenPaid: true,
          customerInfo,
          reference: 'INV-2025-0042',
        },
      }),
    ]);
    for (const query of [
      `txHash=${paid.hash}`,
      `walletAddress=${payer.address.toLowerCase()}`,
      `paymentReference=${created.body.paymentReference}`,
    ]) {
      const res = await p.call<Search>('GET', `/v2/payments?${query}&type=direct`);
      expect(res.body.payments.map((x) => (x.request as { requestId: string }).requestId)).toEqual([created.body.requestId]);
    }
    expect((await p.call<Search>('GET', `/v2/payments?txHash=${paid.hash}&type=conversion`)).body.payments).toEqual([]);
  });
});
