import { tronToEvmAddress } from '@payrail/domain';
import { getAddress, Interface } from 'ethers';
import { BATCH_PAYMENTS_ABI, batchFeesOf, encodeBatchPayments } from './batch.js';
import { decodeUint256, encodeAllowance, encodeApprove, encodeBalanceOf, needsApprovalReset } from './erc20.js';
import { encodeErc20FeeProxyPayment, encodeNativeFeeProxyPayment } from './fee-proxies.js';
import { bigNumberValue } from './transaction.js';
import { tronApprove, tronFeeProxyPayment } from './tron.js';

const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

// Vectors from Request Network's own payment-processor tests (encodePayErc20FeeProxyRequest,
// encodePayEthFeeProxyRequest) and from its API docs' native payout example.
describe('fee proxy calldata (Request Network vectors)', () => {
  it('encodes ERC20FeeProxy.transferFromWithReferenceAndFee exactly as Request Network does', () => {
    const data = encodeErc20FeeProxyPayment('0x9fbda871d559710256a2502a2517b794b482db40', {
      to: '0xf17f52151ebef6c7334fad080c5704d77216b732',
      amount: 100n,
      paymentReference: '0x86dfbccad783599a',
      feeAmount: 2n,
      feeAddress: '0xc5fdf4076b8f3a5357c5e395ab970b5b54098fef',
    });
    expect(data).toBe(
      '0xc219a14d0000000000000000000000009fbda871d559710256a2502a2517b794b482db40000000000000000000000000f17f52151ebef6c7334fad080c5704d77216b732000000000000000000000000000000000000000000000000000000000000006400000000000000000000000000000000000000000000000000000000000000c00000000000000000000000000000000000000000000000000000000000000002000000000000000000000000c5fdf4076b8f3a5357c5e395ab970b5b54098fef000000000000000000000000000000000000000000000000000000000000000886dfbccad783599a000000000000000000000000000000000000000000000000',
    );
  });

  it('encodes EthereumFeeProxy.transferWithReferenceAndFee exactly as Request Network does', () => {
    const data = encodeNativeFeeProxyPayment({
      to: '0xf17f52151ebef6c7334fad080c5704d77216b732',
      amount: 100n,
      paymentReference: '0x86dfbccad783599a',
      feeAmount: 2n,
      feeAddress: '0xc5fdf4076b8f3a5357c5e395ab970b5b54098fef',
    });
    expect(data).toBe(
      '0xb868980b000000000000000000000000f17f52151ebef6c7334fad080c5704d77216b73200000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000002000000000000000000000000c5fdf4076b8f3a5357c5e395ab970b5b54098fef000000000000000000000000000000000000000000000000000000000000000886dfbccad783599a000000000000000000000000000000000000000000000000',
    );
  });

  it("matches the API docs' native payout of 0.2 ETH (no fee) in calldata and value", () => {
    const data = encodeNativeFeeProxyPayment({
      to: '0x29eab540117632a112ea29ba8be686a1b66467a7',
      amount: 200_000_000_000_000_000n,
      paymentReference: '0xe23a6b02059c2b30',
      feeAmount: 0n,
      feeAddress: '0x000000000000000000000000000000000000dEaD',
    });
    expect(data).toBe(
      '0xb868980b00000000000000000000000029eab540117632a112ea29ba8be686a1b66467a700000000000000000000000000000000000000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000dead0000000000000000000000000000000000000000000000000000000000000008e23a6b02059c2b30000000000000000000000000000000000000000000000000',
    );
    expect(bigNumberValue(200_000_000_000_000_000n)).toEqual({ type: 'BigNumber', hex: '0x02c68af0bb140000' });
  });

  it('uses the zero address as fee address without a fee, and refuses a fee without one', () => {
    const data = encodeNativeFeeProxyPayment({
      to: '0xf17f52151ebef6c7334fad080c5704d77216b732',
      amount: 1n,
      paymentReference: '0x86dfbccad783599a',
      feeAmount: 0n,
    });
    expect(data.slice(2 + 8 + 64 * 3, 2 + 8 + 64 * 4)).toBe('0'.repeat(64));
    expect(() =>
      encodeNativeFeeProxyPayment({
        to: '0xf17f52151ebef6c7334fad080c5704d77216b732',
        amount: 1n,
        paymentReference: '0x86dfbccad783599a',
        feeAmount: 1n,
      }),
    ).toThrow('A fee needs a fee address');
  });

  it('writes BigNumber values as ethers v5 did: whole bytes, 0x00 for zero', () => {
    expect(bigNumberValue(0n)).toEqual({ type: 'BigNumber', hex: '0x00' });
    expect(bigNumberValue(255n).hex).toBe('0xff');
    expect(bigNumberValue(256n).hex).toBe('0x0100');
  });
});

describe('ERC-20 calldata', () => {
  const owner = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const spender = '0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE';

  it('encodes approve, allowance and balanceOf with their standard selectors', () => {
    expect(encodeApprove(spender, 102n)).toBe(`0x095ea7b3${word(spender.toLowerCase())}${word('66')}`);
    expect(encodeAllowance(owner, spender)).toBe(`0xdd62ed3e${word(owner.toLowerCase())}${word(spender.toLowerCase())}`);
    expect(encodeBalanceOf(owner)).toBe(`0x70a08231${word(owner.toLowerCase())}`);
    expect(decodeUint256('0x' + word('0de0b6b3a7640000'))).toBe(10n ** 18n);
  });

  it('knows Tether on Ethereum needs its allowance reset before a new approval', () => {
    expect(needsApprovalReset('mainnet', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
    expect(needsApprovalReset('base', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(false);
  });
});

describe('batch calldata (BatchConversionPayments.batchPayments)', () => {
  const NO_BATCH_FEE = { bps: 0n, usdLimit: 0n };
  const usdc = getAddress('0x9fbda871d559710256a2502a2517b794b482db40');
  const dai = getAddress('0xc5fdf4076b8f3a5357c5e395ab970b5b54098fef');
  const payee = (n: number) => getAddress('0x' + n.toString(16).padStart(40, '0'));
  const fees = getAddress('0x000000000000000000000000000000000000fee0');

  it('has the selector of Request Network’s BatchConversionPayments.batchPayments (0x92cddb91)', () => {
    expect(BATCH_PAYMENTS_ABI.getFunction('batchPayments')?.selector).toBe('0x92cddb91');
  });

  it('groups ERC-20 payments by token (network 2 with several tokens), native last (network 3), value = native totals', () => {
    const batch = encodeBatchPayments(
      [
        { token: usdc, recipient: payee(1), amount: 100n, paymentReference: '0x0000000000000001', feeAmount: 1n },
        { token: null, recipient: payee(2), amount: 1000n, paymentReference: '0x0000000000000002', feeAmount: 10n },
        { token: dai, recipient: payee(3), amount: 300n, paymentReference: '0x0000000000000003', feeAmount: 3n },
        { token: usdc, recipient: payee(4), amount: 400n, paymentReference: '0x0000000000000004', feeAmount: 4n },
      ],
      fees,
      NO_BATCH_FEE,
    );
    expect(batch.value).toBe(1010n);
    expect([...batch.tokenTotals]).toEqual([
      [usdc, 505n],
      [dai, 303n],
    ]);
    const decoded = BATCH_PAYMENTS_ABI.decodeFunctionData('batchPayments', batch.data);
    const metas = decoded[0] as unknown as [bigint, [string, bigint, string[], string, bigint, bigint, bigint][]][];
    expect(metas.map((m) => m[0])).toEqual([2n, 3n]);
    expect(metas[0][1].map((d) => [d[0], d[1], [...d[2]], d[3], d[4]])).toEqual([
      [payee(1), 100n, [usdc], '0x0000000000000001', 1n],
      [payee(4), 400n, [usdc], '0x0000000000000004', 4n],
      [payee(3), 300n, [dai], '0x0000000000000003', 3n],
    ]);
    expect(metas[1][1].map((d) => [d[0], d[1], [...d[2]], d[3], d[4]])).toEqual([[payee(2), 1000n, [], '0x0000000000000002', 10n]]);
    expect(decoded[2]).toBe(fees);
  });

  it('uses network 1 for a single token and pins the calldata of a one-payment batch', () => {
    const batch = encodeBatchPayments(
      [{ token: usdc, recipient: payee(1), amount: 100n, paymentReference: '0x86dfbccad783599a', feeAmount: 0n }],
      fees,
      NO_BATCH_FEE,
    );
    const metas = BATCH_PAYMENTS_ABI.decodeFunctionData('batchPayments', batch.data)[0] as unknown as [bigint][];
    expect(metas.map((m) => m[0])).toEqual([1n]);
    expect(batch.value).toBe(0n);
    // Head: selector, offsets of the three arguments, the fee address; then one meta detail.
    expect(batch.data.slice(0, 10 + 64 * 4)).toBe('0x92cddb91' + word('60') + word('0280') + word(fees.slice(2).toLowerCase()) + word('1'));
  });

  it('adds the batch fee as the contract computes it: bps of the request amounts (fees excluded), per token, rounded down', () => {
    const payments = [
      { token: usdc, recipient: payee(1), amount: 1_000_001n, paymentReference: '0x0000000000000001', feeAmount: 500n },
      { token: dai, recipient: payee(2), amount: 10n ** 18n, paymentReference: '0x0000000000000002', feeAmount: 0n },
      { token: usdc, recipient: payee(3), amount: 2_000_000n, paymentReference: '0x0000000000000003', feeAmount: 0n },
      { token: null, recipient: payee(4), amount: 333_333n, paymentReference: '0x0000000000000004', feeAmount: 7n },
    ];
    const batch = encodeBatchPayments(payments, fees, { bps: 30n, usdLimit: 150n * 10n ** 8n });
    // USDC: 3,000,001 * 30 / 10,000 = 9,000.003 -> 9,000; DAI: 0.003 DAI; native: 999.999 -> 999.
    expect([...batch.batchFees.tokens]).toEqual([
      [usdc, 9_000n],
      [dai, 3n * 10n ** 15n],
    ]);
    expect(batch.batchFees.native).toBe(999n);
    expect([...batch.tokenTotals]).toEqual([
      [usdc, 3_000_001n + 500n + 9_000n],
      [dai, 10n ** 18n + 3n * 10n ** 15n],
    ]);
    expect(batch.value).toBe(333_333n + 7n + 999n);
    // Same calldata whatever the fee: the fee only changes what the payer approves and sends.
    expect(batch.data).toBe(encodeBatchPayments(payments, fees, NO_BATCH_FEE).data);
  });

  it('charges no ERC-20 batch fee while the USD limit is zero (calculateBatchFeeToPay without paths), but still the native one', () => {
    const payments = [
      { token: usdc, recipient: payee(1), amount: 10_000n, paymentReference: '0x0000000000000001', feeAmount: 0n },
      { token: null, recipient: payee(2), amount: 10_000n, paymentReference: '0x0000000000000002', feeAmount: 0n },
    ];
    const fees0 = batchFeesOf(payments, { bps: 30n, usdLimit: 0n });
    expect([...fees0.tokens]).toEqual([[usdc, 0n]]);
    expect(fees0.native).toBe(30n);
  });

  it('refuses an empty batch, a fee without a fee address, and ERC-20 payments without one (the contract transfers the batch fee to it)', () => {
    expect(() => encodeBatchPayments([], null, NO_BATCH_FEE)).toThrow('at least one');
    const one = (feeAmount: bigint, token: string | null = usdc) => [
      { token, recipient: payee(1), amount: 1n, paymentReference: '0x0000000000000001', feeAmount },
    ];
    expect(() => encodeBatchPayments(one(1n), null, NO_BATCH_FEE)).toThrow('A fee needs a fee address');
    expect(() => encodeBatchPayments(one(0n), null, NO_BATCH_FEE)).toThrow('needs a fee address');
    expect(encodeBatchPayments(one(0n, null), null, NO_BATCH_FEE).value).toBe(1n);
  });
});

describe('Tron TRC-20 calls (base58 addresses)', () => {
  const usdt = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const proxy = 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd';
  const payee = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
  const fees = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
  const erc20 = new Interface(['function transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)']);

  it('approves the Tron fee proxy on the token, base58 in to and parameters, 20-byte addresses in the calldata', () => {
    const tx = tronApprove(usdt, proxy, 10_000_000n);
    expect(tx).toMatchObject({
      to: usdt,
      value: 0,
      functionSelector: 'approve(address,uint256)',
      parameters: [
        { type: 'address', value: proxy },
        { type: 'uint256', value: '10000000' },
      ],
      feeLimit: 100_000_000,
    });
    expect(tx.data).toBe(`0x095ea7b3${word(tronToEvmAddress(proxy).toLowerCase())}${word('989680')}`);
  });

  it('pays through the Tron ERC20FeeProxy with the Request Network selector and base58 parameters', () => {
    const tx = tronFeeProxyPayment(proxy, usdt, {
      to: payee,
      amount: 10_000_000n,
      paymentReference: '0x8a60fb2742425e9e',
      feeAmount: 250_000n,
      feeAddress: fees,
    });
    expect(tx.to).toBe(proxy);
    expect(tx.data.slice(0, 10)).toBe('0xc219a14d');
    expect(tx.data).toBe(
      encodeErc20FeeProxyPayment(tronToEvmAddress(usdt), {
        to: tronToEvmAddress(payee),
        amount: 10_000_000n,
        paymentReference: '0x8a60fb2742425e9e',
        feeAmount: 250_000n,
        feeAddress: tronToEvmAddress(fees),
      }),
    );
    expect([...erc20.decodeFunctionData('transferFromWithReferenceAndFee', tx.data)]).toEqual([
      '0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C',
      tronToEvmAddress(payee),
      10_000_000n,
      '0x8a60fb2742425e9e',
      250_000n,
      tronToEvmAddress(fees),
    ]);
    expect(tx.parameters.map((p) => p.value)).toEqual([usdt, payee, '10000000', '0x8a60fb2742425e9e', '250000', fees]);
    expect(tx.feeLimit).toBe(300_000_000);
  });

  it('uses the Tron zero address as fee address without a fee', () => {
    const tx = tronFeeProxyPayment(proxy, usdt, { to: payee, amount: 1n, paymentReference: '0x8a60fb2742425e9e', feeAmount: 0n });
    expect(tx.parameters[5]).toEqual({ type: 'address', value: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' });
    expect(tx.data.slice(-64 * 3, -64 * 2)).toBe('0'.repeat(64));
  });
});
