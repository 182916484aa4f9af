import { paymentReference, paymentReferenceTopic } from '@payrail/domain';
import { encodeApprove, ERC20_FEE_PROXY_ABI, ETHEREUM_FEE_PROXY_ABI } from '@payrail/permits';
import { sqlOne } from '@payrail/persistence';
import { CreateClientId } from '@payrail/tenancy';
import { getAddress, Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { testStack } from '@payrail/test-support/stack.js';
import { setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface Payout {
  requestId: string;
  paymentReference: string;
  transactions: { data: string; to: string; value: unknown; functionSelector?: string; parameters?: { value: string }[] }[];
  metadata: Record<string, unknown>;
}

// A payer that holds ether but none of the local tokens and has approved nothing (read only here):
// a fresh address, as other test files fund the anvil accounts with tokens.
const PAYER = Wallet.createRandom().address;
const PAYEE = getAddress('0x00000000000000000000000000000000000a11ce');
const FEES = getAddress('0x0000000000000000000000000000000000000fee');
const TRON_PAYEE = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';

describe('POST /v2/payouts (one-time) on the local chain', () => {
  const chain = testStack().chain;
  let p: PayoutsApi;

  beforeAll(async () => {
    p = await startPayoutsApi();
    await setEtherBalance(chain.rpcUrl, PAYER, 10_000n * 10n ** 18n);
  });
  afterAll(() => p?.close());

  const post = (body: object, headers?: Record<string, string>) => p.call<Payout>('POST', '/v2/payouts', body, headers);

  it('answers an ERC-20 payout with a payer wallet after exactly one RPC round trip, approval first, and stores the request', async () => {
    await p.rpc.reset();
    const res = await post({
      payee: PAYEE,
      amount: '10.5',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      feePercentage: '2',
      feeAddress: FEES,
      payerWallet: PAYER,
    });
    expect(res.status).toBe(201);
    expect(await p.rpc.roundTrips()).toEqual([
      { methods: ['eth_getBalance', 'eth_gasPrice', 'eth_call', 'eth_call', 'eth_estimateGas', 'eth_estimateGas'] },
    ]);
    const { requestId, paymentReference: reference, transactions, metadata } = res.body;
    expect(requestId).toMatch(/^01[0-9a-f]{64}$/);
    expect(reference).toMatch(/^0x[0-9a-f]{16}$/);
    expect(metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: false,
      hasEnoughGas: true,
    });
    expect(transactions[0]).toEqual({ to: chain.tokens.USDC, data: encodeApprove(chain.contracts.ERC20FeeProxy, 10_710_000n), value: 0 });
    expect(transactions[1].to).toBe(chain.contracts.ERC20FeeProxy);
    expect(transactions[1].value).toBe(0);
    expect([...ERC20_FEE_PROXY_ABI.decodeFunctionData('transferFromWithReferenceAndFee', transactions[1].data)]).toEqual([
      chain.tokens.USDC,
      PAYEE,
      10_500_000n,
      reference,
      210_000n,
      FEES,
    ]);

    const row = (await sqlOne<Record<string, string>>(p.api.app.get(DataSource), 'SELECT * FROM requests WHERE id = $1', [requestId]))!;
    expect(row).toMatchObject({
      platform_id: p.tenant.platform.id,
      client_id_id: null,
      network: 'sepolia',
      payee: PAYEE,
      payer: PAYER,
      payment_currency: 'fUSDC-sepolia',
      currency_address: chain.tokens.USDC,
      proxy_address: chain.contracts.ERC20FeeProxy,
      expected_amount: '10500000',
      fee_amount: '210000',
      fee_address: FEES,
      status: 'pending',
      amount_paid: '0',
    });
    expect(paymentReference(requestId, row.salt, PAYEE)).toBe(reference);
    expect(row.reference_topic).toBe(paymentReferenceTopic(reference));
  });

  it('answers a native payout without a payer wallet with one call, value = amount + fee, documented defaults and one round trip reading only the recipients’ code', async () => {
    await p.rpc.reset();
    const res = await post({
      payee: PAYEE,
      amount: '0.2',
      invoiceCurrency: 'ETH-sepolia-sepolia',
      paymentCurrency: 'ETH-sepolia-sepolia',
      feePercentage: '1',
      feeAddress: FEES,
    });
    expect(res.status).toBe(201);
    expect(await p.rpc.roundTrips()).toEqual([{ methods: ['eth_getCode', 'eth_getCode'] }]);
    expect(res.body.metadata).toEqual({
      stepsRequired: 1,
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    const [tx] = res.body.transactions;
    expect(res.body.transactions).toHaveLength(1);
    expect(tx.to).toBe(chain.contracts.EthereumFeeProxy);
    expect(tx.value).toEqual({ type: 'BigNumber', hex: '0x02cda5ee04a10000' }); // 0.202 ether
    expect([...ETHEREUM_FEE_PROXY_ABI.decodeFunctionData('transferWithReferenceAndFee', tx.data)]).toEqual([
      PAYEE,
      res.body.paymentReference,
      2_000_000_000_000_000n,
      FEES,
    ]);
  });

  it('checks a native payout against the payer’s ether: enough balance and gas', async () => {
    const res = await post({
      payee: PAYEE,
      amount: '1',
      invoiceCurrency: 'ETH-sepolia-sepolia',
      paymentCurrency: 'ETH-sepolia-sepolia',
      payerWallet: PAYER,
    });
    expect(res.body.metadata).toMatchObject({ hasEnoughBalance: true, hasEnoughGas: true, stepsRequired: 1 });
    const tooMuch = await post({
      payee: PAYEE,
      amount: '100000',
      invoiceCurrency: 'ETH-sepolia-sepolia',
      paymentCurrency: 'ETH-sepolia-sepolia',
      payerWallet: PAYER,
    });
    expect(tooMuch.body.metadata).toMatchObject({ hasEnoughBalance: false, hasEnoughGas: false });
  });

  it('converts a fiat invoice at the feeds’ rate (100.00 EUR at 1.08 -> 108 USDC) and pays it through the fee proxy', async () => {
    const res = await post({
      payee: PAYEE,
      amount: '100.00',
      invoiceCurrency: 'EUR',
      paymentCurrency: 'fUSDC-sepolia',
      feePercentage: '2.5',
      feeAddress: FEES,
    });
    expect(res.status).toBe(201);
    const args = ERC20_FEE_PROXY_ABI.decodeFunctionData('transferFromWithReferenceAndFee', res.body.transactions[1].data);
    expect([args[2], args[4]]).toEqual([108_000_000n, 2_700_000n]);
    const status = await p.call<Record<string, unknown>>('GET', `/v2/request/${res.body.requestId}`);
    expect(status.body).toMatchObject({
      invoiceCurrency: 'EUR',
      invoiceAmount: '100',
      paymentCurrency: 'fUSDC-sepolia',
      expectedAmount: '108',
      feeAmount: '2.7',
    });
  });

  it('builds Tron payouts as TRC-20 calls to the Tron fee proxy with base58 addresses, without reading any chain', async () => {
    await p.rpc.reset();
    const res = await post({
      payee: TRON_PAYEE,
      amount: '25',
      invoiceCurrency: 'USDT-tron',
      paymentCurrency: 'USDT-tron',
      payerWallet: 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E',
    });
    expect(res.status).toBe(201);
    expect(await p.rpc.roundTrips()).toEqual([]);
    const [approve, pay] = res.body.transactions;
    expect(approve).toMatchObject({ to: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', value: 0, functionSelector: 'approve(address,uint256)' });
    expect(approve.parameters?.[0].value).toBe('TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd');
    expect(pay).toMatchObject({ to: 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd', value: 0 });
    expect(pay.data.slice(0, 10)).toBe('0xc219a14d');
    expect(pay.parameters?.map((x) => x.value)).toEqual([
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      TRON_PAYEE,
      '25000000',
      res.body.paymentReference,
      '0',
      'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
    ]);
    expect(res.body.metadata).toMatchObject({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
    });
  });

  it.each([
    ['a Tron wallet for an EVM payment', 'fUSDC-sepolia', PAYEE, 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E'],
    ['an EVM wallet for a Tron payment', 'USDT-tron', TRON_PAYEE, PAYER],
  ])('answers 404 Wallet not found for %s', async (_why, currency, payee, wallet) => {
    const res = await post({ payee, amount: '1', invoiceCurrency: currency, paymentCurrency: currency, payerWallet: wallet });
    expect(res).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Wallet not found', error: 'Not Found' } });
  });

  it('takes payerAddress as the alias of payerWallet', async () => {
    await p.rpc.reset();
    const res = await post({
      payee: PAYEE,
      amount: '1',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      payerAddress: PAYER.toLowerCase(),
    });
    expect(res.status).toBe(201);
    expect(await p.rpc.roundTrips()).toHaveLength(1);
    const both = await post({
      payee: PAYEE,
      amount: '1',
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
      payerWallet: PAYER,
      payerAddress: PAYER.toLowerCase(),
    });
    expect(both.status).toBe(201);
  });

  it('applies a Client ID’s own fee instead of the body’s', async () => {
    const client = await p.api.app
      .get(CreateClientId)
      .execute({ platformId: p.tenant.platform.id, feePercentage: '1.00', feeAddress: FEES });
    const res = await post(
      {
        payee: PAYEE,
        amount: '100',
        invoiceCurrency: 'fUSDC-sepolia',
        paymentCurrency: 'fUSDC-sepolia',
        feePercentage: '5',
        feeAddress: PAYEE,
      },
      { 'x-client-id': client.clientId },
    );
    expect(res.status).toBe(201);
    const args = ERC20_FEE_PROXY_ABI.decodeFunctionData('transferFromWithReferenceAndFee', res.body.transactions[1].data);
    expect([args[4], args[5]]).toEqual([1_000_000n, FEES]);
  });

  it('requires credentials', async () => {
    expect((await post({}, {})).status).toBe(401);
  });
});
