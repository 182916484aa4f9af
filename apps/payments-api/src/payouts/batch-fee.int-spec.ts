import { encodeApprove } from '@payrail/permits';
import { Contract, getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { type ApiTransaction, ChainPayer, setEtherBalance, valueOf } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface Batch {
  ERC20ApprovalTransactions: ApiTransaction[];
  batchPaymentTransaction: ApiTransaction;
  metadata: { batchFee: { bps: number; amounts: { token: string | null; units: string }[] } };
}

// Request Network's published BatchConversionPayments on the local chain, batch fee 0.30%: the
// API's transactions are sent as a wallet would, and the same batch without the fee is refused.
describe('POST /v2/payouts/batch on the real batch contract with a 0.30% batch fee', () => {
  const chain = testStack().chain;
  let p: PayoutsApi;
  let payer: ChainPayer;
  const fees = Wallet.createRandom().address;
  const payee = (n: number) => getAddress('0x' + (0xbf000 + n).toString(16).padStart(40, '0'));

  beforeAll(async () => {
    p = await startPayoutsApi();
    const wallet = Wallet.createRandom();
    payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
    await setEtherBalance(chain.rpcUrl, wallet.address, 100n * 10n ** 18n);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(wallet.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
  });
  afterAll(async () => {
    payer?.close();
    await p?.close();
  });

  const batch = async (requests: object[]): Promise<Batch> => {
    const res = await p.call<Batch>('POST', '/v2/payouts/batch', { requests, feePercentage: '1', feeAddress: fees, payer: payer.address });
    expect(res.status).toBe(201);
    return res.body;
  };
  const reverts = (tx: ApiTransaction, value = valueOf(tx.value)) =>
    payer.provider.call({ from: payer.address, to: tx.to, data: tx.data, value }).then(
      () => 'no revert',
      (error: { reason?: string }) => error.reason ?? 'reverted',
    );

  it('ERC-20: the approval covers the batch fee; approving amounts and fees only leaves the batch reverting', async () => {
    const usdc = (n: number, amount: string) => ({
      payee: payee(n),
      amount,
      invoiceCurrency: 'fUSDC-sepolia',
      paymentCurrency: 'fUSDC-sepolia',
    });
    const body = await batch([usdc(1, '100'), usdc(2, '50')]);
    expect(body.metadata.batchFee).toMatchObject({ bps: 30, amounts: [{ token: chain.tokens.USDC, units: '450000' }] });
    const [approval] = body.ERC20ApprovalTransactions;
    expect(approval.data).toBe(encodeApprove(chain.contracts.BatchConversionPayments, 151_500_000n + 450_000n));

    await payer.submit([{ ...approval, data: encodeApprove(chain.contracts.BatchConversionPayments, 151_500_000n) }]);
    expect(await reverts(body.batchPaymentTransaction)).not.toBe('no revert');

    const feesBefore = await payer.tokenBalance(chain.tokens.USDC, fees);
    await payer.submit([approval, body.batchPaymentTransaction]);
    expect(await payer.tokenBalance(chain.tokens.USDC, payee(1))).toBe(100_000_000n);
    expect(await payer.tokenBalance(chain.tokens.USDC, payee(2))).toBe(50_000_000n);
    expect((await payer.tokenBalance(chain.tokens.USDC, fees)) - feesBefore).toBe(1_500_000n + 450_000n);
    expect(await payer.allowance(chain.tokens.USDC, chain.contracts.BatchConversionPayments)).toBe(0n);
  });

  it('native: the value covers the batch fee; the value of amounts and fees only reverts with the contract’s reason', async () => {
    const eth = (n: number, amount: string) => ({
      payee: payee(n),
      amount,
      invoiceCurrency: 'ETH-sepolia-sepolia',
      paymentCurrency: 'ETH-sepolia-sepolia',
    });
    const body = await batch([eth(3, '1'), eth(4, '0.5')]);
    const batchFee = 45n * 10n ** 14n; // 0.30% of 1.5 ether
    expect(body.metadata.batchFee.amounts).toEqual([expect.objectContaining({ token: null, units: batchFee.toString() })]);
    const tx = body.batchPaymentTransaction;
    expect(valueOf(tx.value)).toBe(15n * 10n ** 17n + 15n * 10n ** 15n + batchFee);

    expect(await reverts(tx, valueOf(tx.value) - batchFee)).toBe('Not enough funds for batch fee');

    const feesBefore = await payer.nativeBalance(fees);
    await payer.submit([tx]);
    expect(await payer.nativeBalance(payee(3))).toBe(10n ** 18n);
    expect(await payer.nativeBalance(payee(4))).toBe(5n * 10n ** 17n);
    expect((await payer.nativeBalance(fees)) - feesBefore).toBe(15n * 10n ** 15n + batchFee);
    expect(await payer.nativeBalance(chain.contracts.BatchConversionPayments)).toBe(0n);
  });
});
