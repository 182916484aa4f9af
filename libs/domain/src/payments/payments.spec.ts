import { formatAmount, parseAmount, rescaleUnits } from './amount.js';
import { feeAmount, feePercentageBps, isFeePercentage } from './fee.js';
import { paymentReference, paymentReferenceTopic, requestIdFor } from './payment-reference.js';
import { statusForAmountPaid } from './request-status.js';

// request-network-facts.md section 3, worked example (requestId and payee in full: the OpenAPI's
// example requestId and the docs' example payee).
const REQUEST_ID = '01e273ecc29d4b526df3a0f1f05ffc59372af8752c2b678096e49ac270416a7cdb';
const SALT = 'ea3bc7caf64110ca';
const PAYEE = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';

describe('payment reference (Request Network formula)', () => {
  it('matches the worked example: last 8 bytes of keccak256(lower(requestId + salt + payee)) -> 0x8a60fb2742425e9e', () => {
    expect(paymentReference(REQUEST_ID, SALT, PAYEE)).toBe('0x8a60fb2742425e9e');
  });

  it('ignores the case of the address (the text is lower-cased before hashing)', () => {
    expect(paymentReference(REQUEST_ID, SALT, PAYEE.toLowerCase())).toBe('0x8a60fb2742425e9e');
  });

  it('gives another reference for another salt or payee', () => {
    expect(paymentReference(REQUEST_ID, 'ea3bc7caf64110cb', PAYEE)).not.toBe('0x8a60fb2742425e9e');
    expect(paymentReference(REQUEST_ID, SALT, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toMatch(/^0x[0-9a-f]{16}$/);
  });

  it('pins the log topic of a reference to keccak256 of its 8 bytes (facts section 4 vector)', () => {
    expect(paymentReferenceTopic('0xb3581f0b0f74cc61')).toBe('0x05c8ee1c9d79684c995657b7db5f528960fc0508ce55cf2ae2b70be0b1f329c2');
  });

  it('refuses malformed inputs', () => {
    expect(() => paymentReference('0x' + REQUEST_ID.slice(2), SALT, PAYEE)).toThrow('Not a requestId');
    expect(() => paymentReference(REQUEST_ID, 'xyz', PAYEE)).toThrow('salt');
    expect(() => paymentReferenceTopic('0x1234')).toThrow();
  });
});

describe('requestId', () => {
  const nonce = 'ab'.repeat(32);

  it('is 01 + 64 hex, deterministic for the same data and nonce, and changes with either', () => {
    const id = requestIdFor({ payee: PAYEE, amount: '10' }, nonce);
    expect(id).toMatch(/^01[0-9a-f]{64}$/);
    expect(requestIdFor({ amount: '10', payee: PAYEE }, nonce)).toBe(id); // key order does not matter
    expect(requestIdFor({ payee: PAYEE, amount: '11' }, nonce)).not.toBe(id);
    expect(requestIdFor({ payee: PAYEE, amount: '10' }, 'cd'.repeat(32))).not.toBe(id);
  });

  it('pins the hash of a fixed creation: 01 + keccak256 of the key-sorted, lower-cased JSON', () => {
    // keccak256('{"a":"x","nonce":"abab…ab"}'), computed with a plain ethers call
    expect(requestIdFor({ a: 'X' }, nonce)).toBe('01f0ef3182d7f1cec1c1b6a11232da53e9140be4c600da0984a25419867ad0c5e1');
  });
});

describe('amounts (decimal strings <-> base units)', () => {
  it.each([
    ['10', 6, 10_000_000n],
    ['10.5', 6, 10_500_000n],
    ['0.000001', 6, 1n],
    ['1', 0, 1n],
    ['0.000000000000000001', 18, 1n],
  ])('parses %s with %i decimals as %s', (text, decimals, units) => {
    expect(parseAmount(text, decimals)).toEqual({ ok: true, units });
  });

  it.each([
    ['0', 6, 'greater than 0'],
    ['0.0', 6, 'greater than 0'],
    ['10.1234567', 6, 'has 7 decimals; the currency allows at most 6'],
    ['10.005', 2, 'has 3 decimals'],
    ['1.5', 0, 'has 1 decimals'],
    ['-1', 6, 'positive decimal string'],
    ['1e3', 6, 'positive decimal string'],
    ['01', 6, 'positive decimal string'],
    ['.5', 6, 'positive decimal string'],
    ['1.', 6, 'positive decimal string'],
    [' 1', 6, 'positive decimal string'],
    ['9'.repeat(80), 0, 'too large'],
  ])('refuses %j with %i decimals', (text, decimals, reason) => {
    const result = parseAmount(text, decimals);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.reason).toContain(reason);
  });

  it('formats base units without trailing zeros', () => {
    expect(formatAmount(10_500_000n, 6)).toBe('10.5');
    expect(formatAmount(10_000_000n, 6)).toBe('10');
    expect(formatAmount(1n, 18)).toBe('0.000000000000000001');
    expect(formatAmount(0n, 6)).toBe('0');
    expect(formatAmount(1234n, 0)).toBe('1234');
  });

  it.each([
    [12_750_000n, 6, 18, 12_750_000_000_000_000_000n], // USDC-base -> USDC-bsc: exact
    [12_750_000_000_000_000_000n, 18, 6, 12_750_000n], // exact the other way
    [10_000_000_100_000_000_000n, 18, 6, 10_000_001n], // 10.0000001 -> 10.000001: a remainder rounds up
    [1n, 18, 6, 1n], // one wei-sized unit still needs one base unit
    [0n, 18, 6, 0n],
    [5n, 6, 6, 5n],
  ])('rescales %s base units from %i to %i decimals, rounding up (payee favour)', (units, from, to, expected) => {
    expect(rescaleUnits(units, from, to)).toBe(expected);
  });
});

describe('fees', () => {
  it('is the percentage of the amount, rounded down', () => {
    expect(feeAmount(100_000_000n, '2.5')).toBe(2_500_000n);
    expect(feeAmount(100n, '2.5')).toBe(2n); // 2.5 -> 2
    expect(feeAmount(1_000_000n, '0.0001')).toBe(1n);
    expect(feeAmount(123n, '100')).toBe(123n);
    expect(feeAmount(123n, '0')).toBe(0n);
  });

  it.each([
    ['2.5', 250],
    ['2.00', 200],
    ['0', 0],
    ['100', 10_000],
    ['0.004', 0], // 0.4 bp rounds down
    ['0.005', 1], // 0.5 bp rounds up
    ['1.23456', 123],
  ])('states %j %% as %i basis points', (percentage, bps) => {
    expect(feePercentageBps(percentage)).toBe(bps);
  });

  it.each(['0', '2.5', '100', '100.00', '99.999999999999999999', '0.5'])('accepts %j as a percentage', (p) => {
    expect(isFeePercentage(p)).toBe(true);
  });

  it.each(['-1', '100.01', '101', '2,5', '05', '', '1e2', 'abc', '0.1234567890123456789'])('refuses %j as a percentage', (p) => {
    expect(isFeePercentage(p)).toBe(false);
  });
});

describe('settlement status', () => {
  it('is pending, partial, paid or overpaid by the amount paid', () => {
    expect(statusForAmountPaid(100n, 0n)).toBe('pending');
    expect(statusForAmountPaid(100n, 99n)).toBe('partial');
    expect(statusForAmountPaid(100n, 100n)).toBe('paid');
    expect(statusForAmountPaid(100n, 101n)).toBe('overpaid');
  });
});
