import { describe, expect, it } from 'vitest';
import type { MulticallState } from '../api';
import { pendingPayment } from './fixtures';
import { balancesOf, optionsOf } from './balances';

const options = {
  SEPOLIA: { fUSDC: { balance: '3', hasEnoughBalance: false, neededAmount: '12.75' } },
  BASE: {
    USDC: { balance: '20', hasEnoughBalance: true, neededAmount: '12.75' },
    USDT: { balance: '1', hasEnoughBalance: false, neededAmount: '12.75' },
  },
  ARBITRUM: { USDC: { balance: null, hasEnoughBalance: null, neededAmount: '12.75', unavailable: 'rpc_timeout' as const } },
};

describe('balancesOf', () => {
  it("finds the payment's own token on its network and lists readable balances elsewhere", () => {
    expect(balancesOf(options, 'sepolia', 'fUSDC')).toEqual({
      chain: 'SEPOLIA',
      own: options.SEPOLIA.fUSDC,
      others: [
        { chain: 'BASE', token: 'USDC', balance: '20' },
        { chain: 'BASE', token: 'USDT', balance: '1' },
      ],
    });
  });

  it("falls back to the network's first token, and says nothing without options", () => {
    expect(balancesOf(options, 'base', 'EURC').own).toBe(options.BASE.USDC);
    expect(balancesOf(options, 'arbitrum', 'USDC').own?.unavailable).toBe('rpc_timeout');
    expect(balancesOf(undefined, 'sepolia', 'fUSDC')).toEqual({ chain: 'SEPOLIA', own: undefined, others: [] });
  });
});

describe('optionsOf', () => {
  it("reads a single record's paymentOptions; a multicall's are empty", () => {
    expect(optionsOf(pendingPayment({ paymentOptions: options }))).toBe(options);
    expect(optionsOf(pendingPayment())).toBeUndefined();
    expect(optionsOf({ paymentType: 'multicall', paymentOptions: {} } as MulticallState)).toEqual({});
  });
});
