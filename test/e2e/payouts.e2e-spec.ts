import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfigModule, CredentialsModule, DatabaseModule, LoggingModule, RedisModule } from '@payrail/platform';
import { encodeApprove } from '@payrail/permits';
import { Contract, Interface, Wallet } from 'ethers';
import { PaymentsApiEnv } from '../../apps/payments-api/src/config/payments-api.env.js';
import { type ApiTransaction, ChainPayer, proxyEvents, referenceTopic } from '@payrail/test-support/payments-api/chain-payer.js';
import { TenancyModule } from '@payrail/tenancy';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { ANVIL_ACCOUNTS, type AppHandle } from '@payrail/devstack';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

interface Payout {
  requestId: string;
  paymentReference: string;
  transactions: ApiTransaction[];
  metadata: Record<string, unknown>;
}
interface Batch {
  ERC20ApprovalTransactions: ApiTransaction[];
  batchPaymentTransaction: ApiTransaction;
  requests: { requestId: string; paymentReference: string }[];
}

const ERC20_EVENT = new Interface([
  'event TransferWithReferenceAndFee(address tokenAddress, address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)',
]);
const NATIVE_EVENT = new Interface([
  'event TransferWithReferenceAndFee(address to, uint256 amount, bytes indexed paymentReference, uint256 feeAmount, address feeAddress)',
]);
const ERC20_TOPIC = ERC20_EVENT.getEvent('TransferWithReferenceAndFee')!.topicHash;
const NATIVE_TOPIC = NATIVE_EVENT.getEvent('TransferWithReferenceAndFee')!.topicHash;
/** The metadata of a payout that is one transaction (native, or a token with enough allowance), by a funded payer. */
const ONE_STEP = {
  stepsRequired: 1,
  needsApproval: false,
  approvalTransactionIndex: null,
  paymentTransactionIndex: 0,
  hasEnoughBalance: true,
  hasEnoughGas: true,
};
const fresh = (): string => Wallet.createRandom().address; // holds nothing: its balances are exact

/** An API key of a fresh platform in the app's database, made through the real tenancy use cases. */
async function issueApiKey(env: Record<string, string>): Promise<string> {
  @Module({
    imports: [AppConfigModule.forApp(PaymentsApiEnv, env), LoggingModule, DatabaseModule, RedisModule, CredentialsModule, TenancyModule],
  })
  class Fixtures {}
  const context = await NestFactory.createApplicationContext(Fixtures, { logger: false });
  try {
    return (await createTenant(context)).apiKey.apiKey;
  } finally {
    await context.close();
  }
}

// The built payments-api as a process; the demo payer signs and sends what it answers; chain state is the judge.
describe('payouts settle on the local chain (payments-api over HTTP, demo payer key)', () => {
  const chain = testStack().chain;
  const payer = new ChainPayer(chain.rpcUrl, ANVIL_ACCOUNTS[1].privateKey);
  let app: AppHandle;
  let apiKey: string;

  beforeAll(async () => {
    const env = appEnv(await createTestDatabase(), uniqueName('q'), { RATE_LIMIT_MULTIPLIER: '100' });
    [app, apiKey] = await Promise.all([startTestApp('payments-api', env), issueApiKey({ ...env, LOG_LEVEL: 'silent' })]);
  }, 120000);
  afterAll(async () => {
    payer.close();
    await app?.stop();
  });

  async function post<T>(path: string, body: object): Promise<T> {
    const res = await fetch(`${app.url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  }

  /** The single ERC-20 fee-proxy event of `receipts`: its reference topic and decoded fields. */
  function erc20Event(receipts: Awaited<ReturnType<ChainPayer['submit']>>) {
    const events = proxyEvents(receipts, chain.contracts.ERC20FeeProxy, ERC20_TOPIC);
    expect(events).toHaveLength(1);
    const [token, to, amount, , fee, feeAddress] = ERC20_EVENT.decodeEventLog('TransferWithReferenceAndFee', events[0].data, [
      ERC20_TOPIC,
      events[0].referenceTopic,
    ]);
    return {
      topic: events[0].referenceTopic,
      token: token as string,
      to: to as string,
      amount: amount as bigint,
      fee: fee as bigint,
      feeAddress: feeAddress as string,
    };
  }

  it('native: one transaction pays the payee exactly the amount and the fee address exactly the fee', async () => {
    const [payee, fees] = [fresh(), fresh()];
    const payout = await post<Payout>('/v2/payouts', {
      payee,
      amount: '0.25',
      invoiceCurrency: 'ETH-sepolia-sepolia',
      paymentCurrency: 'ETH-sepolia-sepolia',
      feePercentage: '1.5',
      feeAddress: fees,
      payerWallet: payer.address,
    });
    expect(payout.metadata).toEqual(ONE_STEP);
    const receipts = await payer.submit(payout.transactions);
    expect(await payer.nativeBalance(payee)).toBe(250_000_000_000_000_000n);
    expect(await payer.nativeBalance(fees)).toBe(3_750_000_000_000_000n);
    const [event] = proxyEvents(receipts, chain.contracts.EthereumFeeProxy, NATIVE_TOPIC);
    expect(event.referenceTopic).toBe(referenceTopic(payout.paymentReference));
  });

  it('ERC-20 without prior allowance: approve, then pay; exact amounts and the reference in the event', async () => {
    const dai = chain.tokens.DAI;
    await payer.submit([
      {
        to: dai,
        data: encodeApprove(chain.contracts.ERC20FeeProxy, 0n),
        value: 0,
      },
    ]);
    const [payee, fees] = [fresh(), fresh()];
    const payout = await post<Payout>('/v2/payouts', {
      payee,
      amount: '12.5',
      invoiceCurrency: 'DAI-sepolia',
      paymentCurrency: 'DAI-sepolia',
      feePercentage: '2',
      feeAddress: fees,
      payerWallet: payer.address,
    });
    expect(payout.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
    const receipts = await payer.submit(payout.transactions);
    expect(await payer.tokenBalance(dai, payee)).toBe(12_500_000_000_000_000_000n);
    expect(await payer.tokenBalance(dai, fees)).toBe(250_000_000_000_000_000n);
    expect(await payer.allowance(dai, chain.contracts.ERC20FeeProxy)).toBe(0n); // approved exactly amount + fee
    expect(erc20Event(receipts)).toEqual({
      topic: referenceTopic(payout.paymentReference),
      token: dai,
      to: payee,
      amount: 12_500_000_000_000_000_000n,
      fee: 250_000_000_000_000_000n,
      feeAddress: fees,
    });
  });

  it('ERC-20 with enough allowance: only the payment transaction', async () => {
    const usdt = chain.tokens.USDT;
    await payer.submit([
      {
        to: usdt,
        data: encodeApprove(chain.contracts.ERC20FeeProxy, 10n ** 12n),
        value: 0,
      },
    ]);
    const payee = fresh();
    const payout = await post<Payout>('/v2/payouts', {
      payee,
      amount: '7',
      invoiceCurrency: 'fUSDT-sepolia',
      paymentCurrency: 'fUSDT-sepolia',
      payerWallet: payer.address,
    });
    expect(payout.metadata).toEqual(ONE_STEP);
    const receipts = await payer.submit(payout.transactions);
    expect(await payer.tokenBalance(usdt, payee)).toBe(7_000_000n);
    expect(erc20Event(receipts)).toMatchObject({ topic: referenceTopic(payout.paymentReference), to: payee, amount: 7_000_000n, fee: 0n });
  });

  it('fiat invoice: 50.00 EUR converted at the feeds’ rate (rounded up) is what the payee receives', async () => {
    const feed = (pair: string) =>
      new Contract(
        chain.feeds[pair],
        ['function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)'],
        payer.provider,
      ).getFunction('latestRoundData')() as Promise<bigint[]>;
    const [eur, usdc] = await Promise.all([feed('EUR/USD'), feed('USDC/USD')]);
    const expected = (5000n * eur[1] * 10n ** 6n + 100n * usdc[1] - 1n) / (100n * usdc[1]); // both feeds have 8 decimals
    const [payee, fees] = [fresh(), fresh()];
    const payout = await post<Payout>('/v2/payouts', {
      payee,
      amount: '50.00',
      invoiceCurrency: 'EUR',
      paymentCurrency: 'fUSDC-sepolia',
      feePercentage: '3',
      feeAddress: fees,
      payerWallet: payer.address,
    });
    const receipts = await payer.submit(payout.transactions);
    const fee = (expected * 3n) / 100n;
    expect(await payer.tokenBalance(chain.tokens.USDC, payee)).toBe(expected);
    expect(await payer.tokenBalance(chain.tokens.USDC, fees)).toBe(fee);
    expect(erc20Event(receipts)).toMatchObject({ topic: referenceTopic(payout.paymentReference), amount: expected, fee });
  });

  it('batch: approvals and one transaction pay three payees in two tokens and ether, each with its own reference, and the batch fee', async () => {
    const [a, b, c, fees] = [fresh(), fresh(), fresh(), fresh()];
    const batch = await post<Batch>('/v2/payouts/batch', {
      requests: [
        { payee: a, amount: '15', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' },
        { payee: b, amount: '2.5', invoiceCurrency: 'DAI-sepolia', paymentCurrency: 'DAI-sepolia' },
        { payee: c, amount: '0.1', invoiceCurrency: 'ETH-sepolia-sepolia', paymentCurrency: 'ETH-sepolia-sepolia' },
      ],
      feePercentage: '10',
      feeAddress: fees,
      payer: payer.address,
    });
    expect(batch.ERC20ApprovalTransactions.map((t) => t.to).sort()).toEqual([chain.tokens.USDC, chain.tokens.DAI].sort());
    const receipts = await payer.submit([...batch.ERC20ApprovalTransactions, batch.batchPaymentTransaction]);
    expect(await payer.tokenBalance(chain.tokens.USDC, a)).toBe(15_000_000n);
    expect(await payer.tokenBalance(chain.tokens.DAI, b)).toBe(2_500_000_000_000_000_000n);
    expect(await payer.nativeBalance(c)).toBe(100_000_000_000_000_000n);
    // The 10% fees, plus the batch contract's 0.30% batch fee on the amounts, to the same fee address.
    expect(await payer.tokenBalance(chain.tokens.USDC, fees)).toBe(1_500_000n + 45_000n);
    expect(await payer.tokenBalance(chain.tokens.DAI, fees)).toBe(250_000_000_000_000_000n + 7_500_000_000_000_000n);
    expect(await payer.nativeBalance(fees)).toBe(10_000_000_000_000_000n + 300_000_000_000_000n);
    const topics = [
      ...proxyEvents(receipts, chain.contracts.ERC20FeeProxy, ERC20_TOPIC),
      ...proxyEvents(receipts, chain.contracts.EthereumFeeProxy, NATIVE_TOPIC),
    ].map((e) => e.referenceTopic);
    expect(topics.sort()).toEqual(batch.requests.map((r) => referenceTopic(r.paymentReference)).sort());
  });
});
