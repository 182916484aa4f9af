import { describe, expect, it } from 'vitest';
import { type Deposit, eip681Uri, sweptTransactionOf, transferConfirmationsOf, transferProgressOf } from './transfer';

const ADDRESS = '0x1111111111111111111111111111111111111111';
const TOKEN = '0x2222222222222222222222222222222222222222';

describe('eip681Uri', () => {
  it('names the token contract, the chain, the transfer function, the deposit address and the base units', () => {
    expect(eip681Uri({ address: ADDRESS, chainId: 8453, tokenAddress: TOKEN, amountUnits: '10500000' })).toBe(
      `ethereum:${TOKEN}@8453/transfer?address=${ADDRESS}&uint256=10500000`,
    );
  });
  it('is a value transfer to the deposit address for the native currency', () => {
    expect(eip681Uri({ address: ADDRESS, chainId: 11155111, tokenAddress: null, amountUnits: '250000000000000000' })).toBe(
      `ethereum:${ADDRESS}@11155111?value=250000000000000000`,
    );
  });
});

describe('transferProgressOf / sweptTransactionOf', () => {
  it('follows the deposit from awaiting to swept', () => {
    const at = (status: Deposit['status']) => transferProgressOf({ status, received: '5', amount: '7.25' });
    expect(at('awaiting').key).toBe('transfer.awaiting');
    expect(at('partial')).toEqual({ key: 'transfer.partial', values: { received: '5', amount: '7.25' } });
    expect(at('received').key).toBe('transfer.received');
    expect(at('sweeping').key).toBe('transfer.received');
    expect(at('swept').key).toBe('transfer.swept');
    expect(at('failed').key).toBe('transfer.failed');
  });
  it("counts the newest transfer's confirmations against the required ones until the sweep", () => {
    expect(transferConfirmationsOf({ status: 'awaiting', confirmations: { seen: 1, required: 3 } })).toEqual({ seen: '1', required: '3' });
    expect(transferConfirmationsOf({ status: 'received', confirmations: { seen: 3, required: 3 } })).toEqual({ seen: '3', required: '3' });
    expect(transferConfirmationsOf({ status: 'awaiting', confirmations: null })).toBeUndefined();
    expect(transferConfirmationsOf({ status: 'partial', confirmations: { seen: 0, required: 0 } })).toBeUndefined();
    expect(transferConfirmationsOf({ status: 'swept', confirmations: { seen: 3, required: 3 } })).toBeUndefined();
  });
  it('hands over the sweep transaction only once it was sent', () => {
    expect(sweptTransactionOf(undefined)).toBeUndefined();
    expect(sweptTransactionOf({ status: 'received', sweepTxHash: null })).toBeUndefined();
    expect(sweptTransactionOf({ status: 'sweeping', sweepTxHash: '0xabc' })).toBe('0xabc');
    expect(sweptTransactionOf({ status: 'swept', sweepTxHash: '0xabc' })).toBe('0xabc');
  });
});
