import { diffTransfers, statusMismatch, type ReconciledTransfer } from './reconciliation.js';

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const transfer = (over: Partial<ReconciledTransfer> = {}): ReconciledTransfer => ({
  contract: A,
  txHash: '0x' + '1'.repeat(64),
  logIndex: 0,
  blockNumber: 10,
  blockHash: '0x' + '2'.repeat(64),
  referenceTopic: '0x' + '3'.repeat(64),
  token: A,
  to: B,
  amount: 1000n,
  feeAmount: 10n,
  feeAddress: A,
  ...over,
});

describe('diffTransfers', () => {
  it('finds nothing when both sides hold the same logs (addresses compared in any case)', () => {
    expect(
      diffTransfers(
        [transfer()],
        [transfer({ to: B.toUpperCase().replace('0X', '0x'), txHash: ('0x' + '1'.repeat(64)).toUpperCase().replace('0X', '0x') })],
      ),
    ).toEqual([]);
  });

  it('names a log only on the chain, a row only in the ledger, and amount and fee differences with both sides', () => {
    const found = diffTransfers(
      [transfer({ logIndex: 1 }), transfer({ logIndex: 2, amount: 5n, feeAmount: 1n })],
      [transfer({ logIndex: 2, amount: 4n, feeAmount: 2n }), transfer({ logIndex: 3 })],
    );
    expect(found.map((d) => [d.class, d.logIndex])).toEqual([
      ['missing_in_ledger', 1],
      ['amount_mismatch', 2],
      ['fee_mismatch', 2],
      ['missing_on_chain', 3],
    ]);
    expect(found[1]).toMatchObject({ chain: { amount: '5', feeAmount: '1' }, ledger: { amount: '4', feeAmount: '2' } });
    expect(found[0].ledger).toBeNull();
    expect(found[3].chain).toBeNull();
  });
});

describe('statusMismatch', () => {
  const terms = { proxy: A, payee: B, token: A, expected: 1000n, feeAmount: 0n, feeAddress: null };
  const paid = { contract: A, to: B, token: A, amount: 1000n, feeAmount: 0n, feeAddress: A };

  it('is nothing when the stored state is what the settled transfers add up to', () => {
    expect(statusMismatch({ terms, stored: { status: 'paid', amountPaid: 1000n, feePaid: 0n }, settled: [paid] })).toBeUndefined();
  });

  it('answers both states when they differ', () => {
    expect(statusMismatch({ terms, stored: { status: 'paid', amountPaid: 1000n, feePaid: 0n }, settled: [] })).toEqual({
      stored: { status: 'paid', amountPaid: 1000n, feePaid: 0n },
      computed: { status: 'pending', amountPaid: 0n, feePaid: 0n },
    });
  });
});
