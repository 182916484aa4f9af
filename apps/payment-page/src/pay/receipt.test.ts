import { describe, expect, it } from 'vitest';
import type { MulticallState } from '../api';
import { pendingPayment } from './fixtures';
import { paymentPath, receiptFactsOf, receiptPath, receiptTime, tokenLabel } from './receipt';

const HASH = `0x${'ab'.repeat(32)}`;
const receipt = (over: object = {}) => ({
  txHash: HASH,
  settledAt: '2026-11-27T10:05:00.000Z',
  explorerUrl: `https://sepolia.etherscan.io/tx/${HASH}`,
  amountPaid: '12.5',
  feePaid: '0',
  ...over,
});

describe('receiptFactsOf', () => {
  it('has no receipt before the payment is paid, nor for a multicall', () => {
    expect(receiptFactsOf(pendingPayment())).toBeUndefined();
    expect(receiptFactsOf({ paymentType: 'multicall', status: 'completed' } as MulticallState)).toBeUndefined();
  });

  it('states amount, token, network, payee, reference, time in UTC, hash and explorer link from the record', () => {
    const paid = pendingPayment({ status: 'completed', reference: 'INV-2041', receipt: receipt() });
    expect(receiptFactsOf(paid)).toEqual({
      merchant: 'Acme Shop',
      logoUrl: null,
      amount: '12.5 fUSDC',
      fee: null,
      token: 'FakeUSDC (fUSDC)',
      network: 'Sepolia testnet',
      payee: paid.payee,
      reference: 'INV-2041',
      paidAt: '27 Nov 2026, 10:05 UTC',
      txHash: HASH,
      explorerUrl: `https://sepolia.etherscan.io/tx/${HASH}`,
    });
  });

  it('adds the fee the payer paid, and keeps only an https explorer link', () => {
    const paid = pendingPayment({ status: 'completed', receipt: receipt({ feePaid: '0.125', explorerUrl: 'javascript:alert(1)' }) });
    expect(receiptFactsOf(paid)).toMatchObject({ fee: '0.125 fUSDC', explorerUrl: null });
    expect(receiptFactsOf(pendingPayment({ receipt: receipt({ explorerUrl: null, feePaid: '0.000' }) }))).toMatchObject({
      fee: null,
      explorerUrl: null,
    });
  });
});

describe('receipt helpers', () => {
  it('formats time in UTC, labels tokens, and builds the page paths with encoded parts', () => {
    expect(receiptTime('2026-01-02T23:59:59Z')).toBe('2 Jan 2026, 23:59 UTC');
    expect(tokenLabel('USD Coin', 'USDC')).toBe('USD Coin (USDC)');
    expect(tokenLabel('USDC', 'USDC')).toBe('USDC');
    expect(receiptPath('01AB', 'pk_1 2')).toBe('/pay/01AB/receipt?clientId=pk_1%202');
    expect(paymentPath('01AB', 'pk_1')).toBe('/pay/01AB?clientId=pk_1');
  });
});
