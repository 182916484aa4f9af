import { detectAddressKind } from './detect.js';
import { isEvmAddress, parseEvmAddress, sameEvmAddress } from './evm.js';
import { isTronAddress, tronFromHex, tronToEvmAddress, tronToHex } from './tron.js';

// EIP-55's own test vectors (all-caps/all-lower variants are derived from them).
const EIP55 = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

/** Flips the case of the first hex letter after the 0x: a checksum error in one character. */
const flipOneLetter = (address: string): string => {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address[i];
  return address.slice(0, i) + (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) + address.slice(i + 1);
};

describe('EVM address codec', () => {
  it.each(EIP55)('round-trips the EIP-55 vector %s from lowercase to the checksummed form', (address) => {
    expect(parseEvmAddress(address.toLowerCase())).toBe(address);
    expect(parseEvmAddress(address)).toBe(address);
  });

  it.each(EIP55)('rejects %s with the case of one letter flipped (bad mixed-case checksum)', (address) => {
    const corrupted = flipOneLetter(address);
    expect(corrupted).not.toBe(address);
    expect(parseEvmAddress(corrupted)).toBeUndefined();
    expect(isEvmAddress(corrupted)).toBe(false);
  });

  it.each([
    ['too short', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['too long', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed0'],
    ['no 0x', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['non-hex', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
    ['ICAP form (ethers would take it)', 'XE7338O073KYGTWWZN0F2WZ0R8PX5ZPPZS'],
    ['not a string', 42],
  ])('rejects %s', (_why, value) => {
    expect(parseEvmAddress(value)).toBeUndefined();
  });

  it('compares addresses regardless of case', () => {
    expect(sameEvmAddress(EIP55[0], EIP55[0].toLowerCase())).toBe(true);
    expect(sameEvmAddress(EIP55[0], EIP55[1])).toBe(false);
  });
});

// Tron USDT (TRC20) and the Tron zero address, with their well-known 0x41 hex forms.
const TRON = [
  ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
  ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', '0x410000000000000000000000000000000000000000'],
] as const;

describe('Tron address codec', () => {
  it.each(TRON)('converts %s to the 0x41 hex %s and back', (base58, hex) => {
    expect(isTronAddress(base58)).toBe(true);
    expect(tronToHex(base58)).toBe(hex);
    expect(tronFromHex(hex)).toBe(base58);
    expect(tronFromHex(hex.slice(2))).toBe(base58); // "41…" without 0x
    expect(tronFromHex(tronToEvmAddress(base58))).toBe(base58); // 20-byte EVM form gets the 0x41 prefix
  });

  it('gives the EVM (TVM) form of a Tron address as an EIP-55 address', () => {
    expect(tronToEvmAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C');
  });

  it.each([
    ['last character changed (bad checksum)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u'],
    ['two characters swapped (bad checksum)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjL6jt'],
    ['a character outside base58', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
    ['one character short', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ['a bitcoin address (wrong version byte)', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'],
    ['an EVM address', '0xa614f803B6FD780986A42c78Ec9c7f77e6DeD13C'],
  ])('rejects %s', (_why, value) => {
    expect(isTronAddress(value)).toBe(false);
    expect(() => tronToHex(value)).toThrow('Not a valid Tron address');
  });

  it('refuses hex that is neither 0x41+20 bytes nor a 20-byte address', () => {
    expect(() => tronFromHex('0x42a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toThrow();
    expect(() => tronFromHex('0x1234')).toThrow();
  });
});

describe('detectAddressKind', () => {
  it.each([
    [EIP55[0], 'evm'],
    [EIP55[0].toLowerCase(), 'evm'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'tron'],
    [flipOneLetter(EIP55[0]), undefined],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', undefined],
    ['', undefined],
    [null, undefined],
  ])('%s is %s', (value, kind) => {
    expect(detectAddressKind(value)).toBe(kind);
  });
});
