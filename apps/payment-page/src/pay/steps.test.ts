import { describe, expect, it } from 'vitest';
import { batchAnswer, singleAnswer } from './fixtures';
import { fundsOf, stepsOf } from './steps';

describe('stepsOf', () => {
  it("orders a single payment's transactions, the one at paymentTransactionIndex being the payment", () => {
    expect(stepsOf(singleAnswer())).toEqual([
      { kind: 'approve', to: '0x00000000000000000000000000000000000000aa', data: '0x095ea7b3', value: 0n },
      { kind: 'pay', to: '0x00000000000000000000000000000000000000bb', data: '0xc219a14d', value: 0n },
    ]);
  });

  it("sends a multicall's approvals, then its batch call with the native value as wei", () => {
    const steps = stepsOf(batchAnswer());
    expect(steps.map((s) => s.kind)).toEqual(['approve', 'pay']);
    expect(steps[1].value).toBe(10n ** 18n);
  });

  it("keeps a Tron transaction's call for TronWeb", () => {
    const answer = singleAnswer();
    answer.transactions[1] = {
      ...answer.transactions[1],
      functionSelector: 'transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)',
      parameters: [{ type: 'address', value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
      feeLimit: 150000000,
    };
    expect(stepsOf(answer)[1].tron).toEqual({
      functionSelector: 'transferFromWithReferenceAndFee(address,address,uint256,bytes,uint256,address)',
      parameters: [{ type: 'address', value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }],
      feeLimit: 150000000,
    });
    expect(stepsOf(answer)[0].tron).toBeUndefined();
  });
});

describe('fundsOf', () => {
  it("reads the answer's balance and gas checks", () => {
    expect(fundsOf(singleAnswer({ hasEnoughBalance: false, hasEnoughGas: true }))).toEqual({ hasEnoughBalance: false, hasEnoughGas: true });
    expect(fundsOf(batchAnswer())).toEqual({ hasEnoughBalance: true, hasEnoughGas: false });
  });
});
