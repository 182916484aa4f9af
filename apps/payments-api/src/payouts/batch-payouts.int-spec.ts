import { BATCH_PAYMENTS_ABI, encodeApprove } from '@payrail/permits';
import { getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface Batch {
  ERC20ApprovalTransactions: { data: string; to: string; value: unknown }[];
  batchPaymentTransaction: { data: string; to: string; value: { type: string; hex: string } };
  requests: { requestId: string; paymentReference: string }[];
  metadata: Record<string, unknown>;
}

const payee = (n: number) => getAddress('0x' + n.toString(16).padStart(40, '0'));
const FEES = payee(0xfee);
const TRON_MESSAGE = 'Batch payments are not supported for TRON networks. Please submit individual payment requests.';
// Holds ether but no tokens: a fresh address, as other test files fund the anvil accounts with tokens.
const PAYER = Wallet.createRandom().address;
const usdc = (n: number, amount = '1') => ({ payee: payee(n), amount, invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' });

describe('POST /v2/payouts/batch', () => {
  const chain = testStack().chain;
  let p: PayoutsApi;
  beforeAll(async () => {
    p = await startPayoutsApi();
    await setEtherBalance(chain.rpcUrl, PAYER, 10_000n * 10n ** 18n);
  });
  afterAll(() => p?.close());

  const batch = (body: object) => p.call<Batch>('POST', '/v2/payouts/batch', body);

  it('answers approvals per token (always an array) and one batch transaction to the batch contract, a request per payment, the batch fee included', async () => {
    await p.rpc.reset();
    const res = await batch({
      requests: [
        usdc(1, '10'),
        { ...usdc(2, '0.5'), invoiceCurrency: 'ETH-sepolia-sepolia', paymentCurrency: 'ETH-sepolia-sepolia' },
        usdc(3, '5'),
      ],
      feePercentage: '1',
      feeAddress: FEES,
    });
    expect(res.status).toBe(201);
    const { ERC20ApprovalTransactions, batchPaymentTransaction, requests, metadata } = res.body;
    // 15 USDC + 1% fee + the contract's 0.30% batch fee on the 15 USDC.
    expect(ERC20ApprovalTransactions).toEqual([
      { to: chain.tokens.USDC, data: encodeApprove(chain.contracts.BatchConversionPayments, 15_150_000n + 45_000n), value: 0 },
    ]);
    expect(batchPaymentTransaction.to).toBe(chain.contracts.BatchConversionPayments);
    expect(batchPaymentTransaction.value).toEqual({ type: 'BigNumber', hex: '0x0707731102bc4000' }); // 0.505 + 0.0015 ether
    expect(requests).toHaveLength(3);
    expect(metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      hasEnoughBalance: true,
      hasEnoughGas: true,
      batchFee: {
        included: true,
        bps: 30,
        percentage: '0.3',
        recipient: FEES,
        amounts: [
          { currency: 'fUSDC-sepolia', token: chain.tokens.USDC, amount: '0.045', units: '45000' },
          { currency: 'ETH-sepolia-sepolia', token: null, amount: '0.0015', units: '1500000000000000' },
        ],
      },
    });
    // No payer: one round trip reads the batch fee (first use on this network) and the native recipients' code.
    expect(await p.rpc.roundTrips()).toEqual([{ methods: ['eth_call', 'eth_call', 'eth_getCode', 'eth_getCode'] }]);
    const [metas, , feeAddress] = BATCH_PAYMENTS_ABI.decodeFunctionData('batchPayments', batchPaymentTransaction.data) as unknown as [
      [bigint, [string, bigint, string[], string, bigint][]][],
      unknown,
      string,
    ];
    expect(feeAddress).toBe(FEES);
    expect(metas.map(([id, details]) => [id, details.map((d) => [d[0], d[1], d[3], d[4]])])).toEqual([
      [
        1n,
        [
          [payee(1), 10_000_000n, requests[0].paymentReference, 100_000n],
          [payee(3), 5_000_000n, requests[2].paymentReference, 50_000n],
        ],
      ],
      [3n, [[payee(2), 500_000_000_000_000_000n, requests[1].paymentReference, 5_000_000_000_000_000n]]],
    ]);
  });

  it('reads the payer’s allowances and balances in one RPC round trip, the batch fee then coming from the cache', async () => {
    await p.rpc.reset();
    const res = await batch({ requests: [usdc(4), usdc(5)], payer: PAYER });
    expect(res.status).toBe(201);
    expect(await p.rpc.roundTrips()).toEqual([
      { methods: ['eth_getBalance', 'eth_gasPrice', 'eth_call', 'eth_call', 'eth_estimateGas', 'eth_estimateGas'] },
    ]);
    // Without a fee address the payer receives the batch fee back (the contract needs a non-zero recipient).
    expect(res.body.metadata).toMatchObject({
      needsApproval: true,
      hasEnoughBalance: false,
      hasEnoughGas: true,
      batchFee: { recipient: PAYER, amounts: [{ units: '6000' }] },
    });
    expect(BATCH_PAYMENTS_ABI.decodeFunctionData('batchPayments', res.body.batchPaymentTransaction.data)[2]).toBe(PAYER);
  });

  it('refuses a batch without fee address or payer: the contract transfers its batch fee to the fee address', async () => {
    const res = await p.call<{ message: string; errors: { field: string; message: string }[] }>('POST', '/v2/payouts/batch', {
      requests: [usdc(4)],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toEqual(['feeAddress']);
    expect(res.body.message).toContain('batch fee (0.3% of the amounts)');
    const withAddress = await batch({ requests: [usdc(4)], feeAddress: FEES });
    expect(withAddress.status).toBe(201);
    expect(withAddress.body.metadata).toMatchObject({ batchFee: { recipient: FEES, amounts: [{ units: '3000' }] } });
  });

  it('pays pending requests by id, with their own fees', async () => {
    const a = await p.call<{ requestId: string; paymentReference: string }>('POST', '/v2/payouts', {
      ...usdc(6, '3'),
      feePercentage: '10',
      feeAddress: FEES,
    });
    const b = await p.call<{ requestId: string; paymentReference: string }>('POST', '/v2/payouts', usdc(7, '4'));
    const res = await batch({ requestIds: [a.body.requestId, b.body.requestId] });
    expect(res.status).toBe(201);
    expect(res.body.requests).toEqual([a.body, b.body].map((r) => ({ requestId: r.requestId, paymentReference: r.paymentReference })));
    // 7 USDC + 0.3 fee + 0.021 batch fee.
    expect(res.body.ERC20ApprovalTransactions[0].data).toBe(encodeApprove(chain.contracts.BatchConversionPayments, 7_321_000n));
  });

  it.each<[string, object, number, string]>([
    ['a Tron payee', { requests: [usdc(1), { ...usdc(2), payee: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV' }] }, 400, TRON_MESSAGE],
    [
      'a Tron currency',
      {
        requests: [
          { payee: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV', amount: '1', invoiceCurrency: 'USDT-tron', paymentCurrency: 'USDT-tron' },
        ],
      },
      400,
      TRON_MESSAGE,
    ],
    [
      'two networks',
      { requests: [usdc(1), { ...usdc(2), invoiceCurrency: 'USDC-base', paymentCurrency: 'USDC-base' }] },
      400,
      'All requests must be on the same network',
    ],
    [
      'both requests and requestIds',
      { requests: [usdc(1)], requestIds: [`01${'0'.repeat(64)}`] },
      400,
      'give either requests or requestIds, not both',
    ],
    ['neither requests nor requestIds', {}, 400, 'give either requests or requestIds, not both'],
    ['an empty list', { requests: [] }, 400, 'requests must contain at least 1 elements'],
    ['an unknown request id', { requestIds: [`01${'0'.repeat(64)}`] }, 404, `Request 01${'0'.repeat(64)} not found`],
    ['a Tron payer', { requests: [usdc(1)], payer: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV' }, 404, 'Wallet not found'],
    ['an invalid item', { requests: [usdc(1), { ...usdc(2), amount: '1.1234567' }] }, 400, 'requests.1.amount'],
  ])('refuses %s', async (_why, body, status, message) => {
    const res = await p.call<{ message: string }>('POST', '/v2/payouts/batch', body);
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
  });

  it('answers the spec’s exact Tron and network messages', async () => {
    const tron = await batch({ requests: [{ ...usdc(1), payee: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV' }] });
    expect(tron.body).toMatchObject({ statusCode: 400, message: TRON_MESSAGE, error: 'Bad Request' });
    const networks = await batch({ requests: [usdc(1), { ...usdc(2), invoiceCurrency: 'USDC-base', paymentCurrency: 'USDC-base' }] });
    expect(networks.body).toMatchObject({ statusCode: 400, message: 'All requests must be on the same network', error: 'Bad Request' });
  });
});
