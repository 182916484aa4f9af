import { describe, expect, it } from 'vitest';
import { blocksText, evidenceLines, runProgress, totalDiscrepancies } from './reconciliation';

const counts = { missing_in_ledger: 1, missing_on_chain: 0, amount_mismatch: 2, fee_mismatch: 0, status_mismatch: 0 };
const transfer = {
  contract: '0xProxy',
  blockNumber: 12,
  blockHash: '0xb10c',
  token: '0xToken',
  to: '0xAbCd',
  amount: '1000',
  feeAmount: '0',
  feeAddress: '0x0000000000000000000000000000000000000000',
};

describe('reconciliation view rules', () => {
  it('lines up both sides field by field and marks only fields both hold and disagree on (addresses without case)', () => {
    const lines = evidenceLines({ chain: transfer, ledger: { ...transfer, to: '0xabcd', amount: '900' } });
    expect(lines.map((l) => l.field)).toEqual(['amount', 'feeAmount', 'token', 'to', 'feeAddress', 'contract', 'blockHash']);
    expect(lines.filter((l) => l.differs)).toEqual([{ field: 'amount', chain: '1000', ledger: '900', differs: true }]);
  });

  it('a side the other lacks is listed with nothing to compare (missing_in_ledger), and a status check keeps its own fields', () => {
    const missing = evidenceLines({ chain: transfer, ledger: null });
    expect(missing.find((l) => l.field === 'amount')).toEqual({ field: 'amount', chain: '1000', ledger: null, differs: false });
    const status = evidenceLines({
      chain: { status: 'paid', amountPaid: '1000', feePaid: '0' },
      ledger: { status: 'pending', amountPaid: '0', feePaid: '0' },
    });
    expect(status.map((l) => [l.field, l.differs])).toEqual([
      ['status', true],
      ['amountPaid', true],
      ['feePaid', false],
    ]);
  });

  it('tells where a run stands in a sentence', () => {
    const base = { fromBlock: null, toBlock: null, nextBlock: null, discrepancies: counts, error: null };
    expect(runProgress({ ...base, status: 'queued' })).toBe('Queued: the worker starts it within a few seconds.');
    expect(runProgress({ ...base, status: 'running' })).toBe('Running: finding the blocks of the window.');
    expect(runProgress({ ...base, status: 'running', fromBlock: 10, toBlock: 90, nextBlock: 50 })).toBe('Running: block 50 of 10 to 90.');
    expect(runProgress({ ...base, status: 'completed' })).toBe('Completed. Discrepancies: 3.');
    expect(runProgress({ ...base, status: 'failed', error: 'RPC timeout' })).toMatch(/^The run failed: RPC timeout\. Choose "Run now"/);
    expect(totalDiscrepancies(counts)).toBe(3);
    expect(blocksText({ fromBlock: 10, toBlock: 90 })).toBe('10–90');
    expect(blocksText({ fromBlock: null, toBlock: null })).toBe('—');
  });
});
