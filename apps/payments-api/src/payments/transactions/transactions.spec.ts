import { CurrencyRegistry, NETWORKS } from '@payrail/chains';
import { encodeApprove, encodeErc20FeeProxyPayment, encodeNativeFeeProxyPayment } from '@payrail/permits';
import type { PayerState } from '../chain/payer-state.reader.js';
import type { PlannedPayment } from '../planning/planned-payment.js';
import { buildBatch, encodeBatch } from './batch-payout.js';
import { GAS_FALLBACK } from './gas.js';
import { buildPayout, evmCalls, payerStateQuery } from './single-payout.js';

const registry = CurrencyRegistry.create();
const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const PAYER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const REF = '0x8a60fb2742425e9e';

function plan(currencyId: string, amount: bigint, fee = 0n): PlannedPayment {
  const currency = registry.byId(currencyId)!;
  const network = NETWORKS[currency.network as 'mainnet'];
  const token = currency.type === 'ETH' ? null : currency.address;
  return {
    network,
    payee: PAYEE,
    invoice: currency,
    invoiceUnits: amount,
    currency,
    token,
    amount,
    fee: { percentage: fee > 0n ? '1' : null, amount: fee, address: fee > 0n ? PAYER : null },
    proxy: (token ? network.contracts.ERC20FeeProxy : network.contracts.EthereumFeeProxy)!,
  };
}

const state = (over: Partial<PayerState> & { allowance?: bigint; balance?: bigint } = {}): PayerState => ({
  nativeBalance: over.nativeBalance ?? 10n ** 18n,
  gasPrice: over.gasPrice ?? 1_000_000_000n,
  tokens: [{ token: '', spender: '', balance: over.balance ?? 10n ** 12n, allowance: over.allowance ?? 0n }],
  gas: over.gas ?? [50_000n, null],
});

describe('a second fee recipient (two fee sources to two addresses)', () => {
  const SECOND = '0x00000000000000000000000000000000000fee02';

  it('approves amount + both fees, pays the payee with the first fee, then pays the second fee by its own fee-proxy call', () => {
    const usdc = { ...plan('USDC-base', 1000n, 25n), secondFee: { address: SECOND, amount: 10n } };
    const built = buildPayout(usdc, REF, state({ allowance: 0n, balance: 1035n }));
    expect(built.transactions.map((t) => t.data)).toEqual([
      encodeApprove(NETWORKS.base.contracts.ERC20FeeProxy!, 1035n),
      encodeErc20FeeProxyPayment(usdc.token!, { to: PAYEE, amount: 1000n, paymentReference: REF, feeAmount: 25n, feeAddress: PAYER }),
      encodeErc20FeeProxyPayment(usdc.token!, { to: SECOND, amount: 10n, paymentReference: REF, feeAmount: 0n, feeAddress: null }),
    ]);
    expect(built.metadata).toMatchObject({
      stepsRequired: 3,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughBalance: true,
    });
    expect(buildPayout(usdc, REF, state({ allowance: 0n, balance: 1034n })).metadata.hasEnoughBalance).toBe(false);
  });

  it('sends the native second fee as its own call with that value; the payment carries amount + first fee', () => {
    const eth = { ...plan('ETH-base-base', 1000n, 25n), secondFee: { address: SECOND, amount: 10n } };
    const built = buildPayout(eth, REF, undefined);
    expect(built.transactions.map((t) => [t.data, t.value])).toEqual([
      [
        encodeNativeFeeProxyPayment({ to: PAYEE, amount: 1000n, paymentReference: REF, feeAmount: 25n, feeAddress: PAYER }),
        { type: 'BigNumber', hex: '0x0401' },
      ],
      [
        encodeNativeFeeProxyPayment({ to: SECOND, amount: 10n, paymentReference: REF, feeAmount: 0n, feeAddress: null }),
        { type: 'BigNumber', hex: '0x0a' },
      ],
    ]);
    expect(built.metadata).toMatchObject({ stepsRequired: 2, paymentTransactionIndex: 0 });
  });
});

describe('one-time payout transactions', () => {
  it('asks, in its one query, for the token balance and allowance to the proxy and estimates approval and payment', () => {
    const usdc = plan('USDC-base', 10n);
    const q = payerStateQuery(usdc, evmCalls(usdc, REF), PAYER);
    expect(q.tokens).toEqual([{ token: registry.byId('USDC-base')!.address, spender: NETWORKS.base.contracts.ERC20FeeProxy }]);
    expect(q.estimates.map((e) => e.to)).toEqual([registry.byId('USDC-base')!.address, NETWORKS.base.contracts.ERC20FeeProxy]);
  });

  it('skips the approval when the allowance covers amount + fee, and counts only the payment’s gas', () => {
    const built = buildPayout(
      plan('USDC-base', 100n, 1n),
      REF,
      state({ allowance: 101n, gas: [50_000n, 70_000n], nativeBalance: 70_000n * 1_000_000_000n }),
    );
    expect(built.transactions).toHaveLength(1);
    expect(built.metadata).toEqual({
      stepsRequired: 1,
      needsApproval: false,
      approvalTransactionIndex: null,
      paymentTransactionIndex: 0,
      hasEnoughBalance: true,
      hasEnoughGas: true,
    });
  });

  it('adds the approval when the allowance is one unit short, and the fallback gas when the payment cannot be estimated', () => {
    const needed = (GAS_FALLBACK.erc20Payment + 50_000n) * 1_000_000_000n;
    const built = buildPayout(plan('USDC-base', 100n, 1n), REF, state({ allowance: 100n, nativeBalance: needed }));
    expect(built.metadata).toMatchObject({
      stepsRequired: 2,
      needsApproval: true,
      approvalTransactionIndex: 0,
      paymentTransactionIndex: 1,
      hasEnoughGas: true,
    });
    expect(built.transactions[0].data).toBe(encodeApprove(NETWORKS.base.contracts.ERC20FeeProxy!, 101n));
    expect(
      buildPayout(plan('USDC-base', 100n, 1n), REF, state({ allowance: 100n, nativeBalance: needed - 1n })).metadata.hasEnoughGas,
    ).toBe(false);
  });

  it('resets a non-zero Tether allowance on Ethereum before approving (approve 0, approve, pay)', () => {
    const built = buildPayout(plan('USDT-mainnet', 100n), REF, state({ allowance: 5n }));
    expect(built.transactions.map((t) => t.data.slice(0, 10))).toEqual(['0x095ea7b3', '0x095ea7b3', '0xc219a14d']);
    expect(built.transactions[0].data).toBe(encodeApprove(NETWORKS.mainnet.contracts.ERC20FeeProxy!, 0n));
    expect(built.metadata).toMatchObject({ stepsRequired: 3, approvalTransactionIndex: 1, paymentTransactionIndex: 2 });
    expect(buildPayout(plan('USDT-mainnet', 100n), REF, state({ allowance: 0n })).transactions).toHaveLength(2);
  });

  it('reports a short token balance', () => {
    expect(buildPayout(plan('USDC-base', 100n, 1n), REF, state({ balance: 100n })).metadata.hasEnoughBalance).toBe(false);
  });

  it('counts a native payment’s value in the gas check', () => {
    const value = 10n ** 17n;
    const gas = 40_000n * 1_000_000_000n;
    const ok = buildPayout(plan('ETH-base-base', value), REF, { ...state({ nativeBalance: value + gas }), tokens: [], gas: [40_000n] });
    expect(ok.metadata).toMatchObject({ hasEnoughBalance: true, hasEnoughGas: true });
    const short = buildPayout(plan('ETH-base-base', value), REF, {
      ...state({ nativeBalance: value + gas - 1n }),
      tokens: [],
      gas: [40_000n],
    });
    expect(short.metadata).toMatchObject({ hasEnoughBalance: true, hasEnoughGas: false });
  });
});

describe('batch transactions', () => {
  const batchContract = '0x67818703c92580c0e106e401F253E8A410A66f8B';
  const input = (plans: PlannedPayment[]) => ({
    plans,
    references: plans.map((_, i) => `0x${String(i + 1).padStart(16, '0')}`),
    batchContract,
    feeAddress: PAYER,
  });

  const settings = { bps: 30n, usdLimit: 150n * 10n ** 8n };

  it('approves only the tokens whose allowance to the batch contract is short, each total including its batch fee', () => {
    const plans = [plan('fUSDC-sepolia', 100_000n, 1_000n), plan('FAU-sepolia', 50_000n), plan('fUSDC-sepolia', 10_000n)];
    const encoded = encodeBatch(input(plans), settings);
    const batchState: PayerState = {
      nativeBalance: 10n ** 18n,
      gasPrice: 1n,
      tokens: [
        // USDC: 111,000 + 0.30% of 110,000 (330); FAU: 50,000 + 150, one short.
        { token: plans[0].token!, spender: batchContract, balance: 10n ** 9n, allowance: 111_330n },
        { token: plans[1].token!, spender: batchContract, balance: 10n ** 9n, allowance: 50_149n },
      ],
      gas: [null, null, null],
    };
    const built = buildBatch(input(plans), encoded, settings, batchState);
    expect(built.ERC20ApprovalTransactions).toEqual([{ to: plans[1].token, data: encodeApprove(batchContract, 50_150n), value: 0 }]);
    expect(built.batchPaymentTransaction).toMatchObject({ to: batchContract, value: { type: 'BigNumber', hex: '0x00' } });
    expect(built.metadata).toEqual({
      stepsRequired: 2,
      needsApproval: true,
      hasEnoughBalance: true,
      hasEnoughGas: true,
      batchFee: {
        included: true,
        bps: 30,
        percentage: '0.3',
        recipient: PAYER,
        amounts: [
          { currency: 'fUSDC-sepolia', token: plans[0].token, amount: '0.00033', units: '330' },
          { currency: 'FAU-sepolia', token: plans[1].token, amount: '0.00000000000000015', units: '150' },
        ],
      },
    });
    expect(buildBatch(input(plans), encoded, settings, undefined).ERC20ApprovalTransactions).toHaveLength(2);
  });

  it('adds the native batch fee to the value and counts it against the payer’s balance', () => {
    const plans = [plan('ETH-sepolia-sepolia', 10n ** 18n, 10n ** 16n)];
    const encoded = encodeBatch(input(plans), settings);
    const state = (nativeBalance: bigint): PayerState => ({ nativeBalance, gasPrice: 0n, tokens: [], gas: [21_000n] });
    const needed = 10n ** 18n + 10n ** 16n + 3n * 10n ** 15n;
    const built = buildBatch(input(plans), encoded, settings, state(needed));
    expect(built.batchPaymentTransaction.value).toEqual({ type: 'BigNumber', hex: '0x0e0ee62205788000' }); // 1.013 ether
    expect(built.metadata).toMatchObject({ hasEnoughBalance: true, batchFee: { amounts: [{ token: null, units: '3000000000000000' }] } });
    expect(buildBatch(input(plans), encoded, settings, state(needed - 1n)).metadata.hasEnoughBalance).toBe(false);
  });
});
