import { describe, expect, it } from 'vitest';
import { currencySymbol, shortAddress } from './format';

describe('format', () => {
  it('shortens a long address to its first six and last four characters', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x1234…5678');
    expect(shortAddress('0x12345678')).toBe('0x12345678');
  });
  it('reads the symbol of a currency id', () => {
    expect(currencySymbol('USDC-base')).toBe('USDC');
    expect(currencySymbol('ETH')).toBe('ETH');
  });
});
