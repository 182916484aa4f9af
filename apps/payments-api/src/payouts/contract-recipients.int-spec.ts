import { loadArtifact } from '@payrail/devstack';
import { ContractFactory, getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { type ApiTransaction, ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface Failure {
  statusCode: number;
  message: string;
  error: string;
  errors: { field: string; message: string }[];
}

// Request Network's EthereumFeeProxy pays the payee with a full-gas call but the fee with a
// 2,300-gas `transfer`: a Safe-like wallet (receive() writes storage and emits an event) can be
// the payee of a native payout but not its fee address. Checked against the real proxy.
describe('native payouts to contract recipients (Request Network’s EthereumFeeProxy)', () => {
  const chain = testStack().chain;
  let p: PayoutsApi;
  let payer: ChainPayer;
  let safeLike: string;
  let cheap: string;
  const eoa = Wallet.createRandom().address;
  const eth = { amount: '0.1', invoiceCurrency: 'ETH-sepolia-sepolia', paymentCurrency: 'ETH-sepolia-sepolia' };
  const refusesNative = () => chain.tokens.USDC; // a token contract: no receive function at all

  beforeAll(async () => {
    p = await startPayoutsApi();
    const wallet = Wallet.createRandom();
    payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
    await setEtherBalance(chain.rpcUrl, wallet.address, 10n * 10n ** 18n);
    const deploy = async (name: string) => {
      const { abi, bytecode } = loadArtifact(name);
      const contract = await new ContractFactory(abi, bytecode, payer.signer).deploy();
      await contract.waitForDeployment();
      return getAddress(await contract.getAddress());
    };
    safeLike = await deploy('TestSafeLikeWallet');
    cheap = await deploy('TestCheapReceiver');
  });
  afterAll(async () => {
    payer?.close();
    await p?.close();
  });

  const payout = (body: object) => p.call<Failure & { transactions: ApiTransaction[] }>('POST', '/v2/payouts', { ...eth, ...body });

  it('refuses a Safe-like fee address with a 400 naming feeAddress, before the payer signs', async () => {
    const res = await payout({ payee: eoa, feePercentage: '1', feeAddress: safeLike });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.errors).toEqual([{ field: 'feeAddress', message: expect.stringContaining('2,300-gas transfer') as string }]);
    expect(res.body.message).toContain(`feeAddress: ${safeLike} is a contract that cannot receive the fee`);
  });

  it('refuses a Safe-like fee address even with a zero fee (the proxy still calls it with 2,300 gas)', async () => {
    const res = await payout({ payee: eoa, feePercentage: '0', feeAddress: safeLike });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toEqual(['feeAddress']);
  });

  it('accepts a Safe-like payee (paid with a full-gas call), and the payment goes through on chain', async () => {
    const res = await payout({ payee: safeLike, feePercentage: '1', feeAddress: cheap });
    expect(res.status).toBe(201);
    await payer.submit(res.body.transactions);
    expect(await payer.nativeBalance(safeLike)).toBe(10n ** 17n);
    expect(await payer.nativeBalance(cheap)).toBe(10n ** 15n);
  });

  it('refuses a payee contract without a receive function with a 400 naming payee', async () => {
    const res = await payout({ payee: refusesNative(), feePercentage: '1', feeAddress: eoa });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'payee', message: expect.stringContaining('does not accept native currency') as string }]);
  });

  it('names both fields when both recipients fail, and costs one extra round trip only when a recipient has code', async () => {
    await p.rpc.reset();
    const both = await payout({ payee: refusesNative(), feePercentage: '1', feeAddress: safeLike });
    expect(both.body.errors.map((e) => e.field)).toEqual(['payee', 'feeAddress']);
    expect((await p.rpc.roundTrips()).map((t) => t.methods)).toEqual([
      ['eth_getCode', 'eth_getCode'],
      ['eth_call', 'eth_call'],
    ]);

    await p.rpc.reset();
    const plain = await payout({ payee: eoa, feePercentage: '1', feeAddress: Wallet.createRandom().address });
    expect(plain.status).toBe(201);
    expect((await p.rpc.roundTrips()).map((t) => t.methods)).toEqual([['eth_getCode', 'eth_getCode']]);
  });

  it('leaves ERC-20 payouts alone: the token proxy pays a Safe-like fee address with transferFrom', async () => {
    const res = await payout({
      payee: eoa,
      feePercentage: '1',
      feeAddress: safeLike,
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
    });
    expect(res.status).toBe(201);
  });

  it('batch: refuses a Safe-like fee address for native payments and a non-receiving native payee, naming each field', async () => {
    const res = await p.call<Failure>('POST', '/v2/payouts/batch', {
      requests: [
        { ...eth, payee: eoa },
        { ...eth, payee: refusesNative() },
        { payee: refusesNative(), amount: '1', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' },
      ],
      feePercentage: '1',
      feeAddress: safeLike,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toEqual(['feeAddress', 'requests.1.payee']);
  });

  it('batch: a Safe-like native payee and a cheap-receive fee address go through on chain', async () => {
    const res = await p.call<{ batchPaymentTransaction: ApiTransaction }>('POST', '/v2/payouts/batch', {
      requests: [
        { ...eth, payee: safeLike },
        { ...eth, payee: eoa },
      ],
      feePercentage: '1',
      feeAddress: cheap,
    });
    expect(res.status).toBe(201);
    const safeBefore = await payer.nativeBalance(safeLike);
    await payer.submit([res.body.batchPaymentTransaction]);
    expect((await payer.nativeBalance(safeLike)) - safeBefore).toBe(10n ** 17n);
  });
});
