import { CurrencyRegistry, NETWORKS } from '@payrail/chains';
import type { RequestEntity } from '@payrail/persistence';
import { pageTrustOf } from './page-trust.js';

const registry = CurrencyRegistry.create();
const HASH = `0x${'cd'.repeat(32)}`;

/** A USDC-on-Base request (only the fields the trust view reads), settled as `settled` says. */
const request = (settled: Partial<RequestEntity> = {}): RequestEntity =>
  ({
    network: 'base',
    paymentCurrency: 'USDC-base',
    currencyDecimals: 6,
    expectedAmount: 12_500_000n,
    feeAmount: 125_000n,
    status: 'pending',
    amountPaid: 0n,
    feePaid: 0n,
    txHash: null,
    paidAt: null,
    ...settled,
  }) as RequestEntity;

describe('pageTrustOf: names a payer reads and the receipt', () => {
  it('names the merchant, the network and the token as payers know them, with no receipt before payment', () => {
    const usdc = registry.byId('USDC-base');
    expect(pageTrustOf(request(), 'Acme Shop', '/logo.png', NETWORKS.base, usdc)).toEqual({
      merchant: { name: 'Acme Shop', logoUrl: '/logo.png' },
      networkName: 'Base',
      tokenName: usdc!.name,
      tokenSymbol: 'USDC',
      feeAmount: '0.125',
      payerTotalAmount: '12.625',
      receipt: null,
    });
  });

  it('gives the receipt with the explorer link once paid, amounts in the currency', () => {
    const paid = request({
      status: 'paid',
      amountPaid: 12_500_000n,
      feePaid: 125_000n,
      txHash: HASH,
      paidAt: new Date('2026-11-27T10:00:00Z'),
    });
    expect(pageTrustOf(paid, 'Acme', null, NETWORKS.base, registry.byId('USDC-base')).receipt).toEqual({
      txHash: HASH,
      settledAt: '2026-11-27T10:00:00.000Z',
      explorerUrl: `https://basescan.org/tx/${HASH}`,
      amountPaid: '12.5',
      feePaid: '0.125',
    });
  });

  it('has no receipt while partial, no explorer link without an explorer, and falls back to the id for unknown names', () => {
    const partial = request({ status: 'partial', amountPaid: 1n, txHash: HASH, paidAt: new Date() });
    expect(pageTrustOf(partial, 'Acme', null, NETWORKS.base, undefined)).toMatchObject({
      receipt: null,
      tokenName: 'USDC',
      tokenSymbol: 'USDC',
    });
    const paid = request({ status: 'overpaid', amountPaid: 13_000_000n, txHash: HASH, paidAt: new Date('2026-11-27T10:00:00Z') });
    const local = { ...NETWORKS.sepolia, local: true as const, explorer: null };
    expect(pageTrustOf({ ...paid, network: 'sepolia' }, 'Acme', null, local, undefined)).toMatchObject({
      networkName: 'Local test chain (Sepolia testnet)',
      receipt: { explorerUrl: null, amountPaid: '13' },
    });
    expect(pageTrustOf(paid, 'Acme', null, undefined, undefined).networkName).toBe('base');
  });
});
