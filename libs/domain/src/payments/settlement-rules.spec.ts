import { statusForPayment } from './request-status.js';
import { countsToward, paymentState, type ObservedTransfer, type PaymentTerms } from './settlement-rules.js';

const PROXY = '0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE';
const PAYEE = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const TOKEN = '0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C';
const FEE_TO = '0x35d0e078755Cd84D3E0656cAaB417Dee1d7939c7';
const OTHER = '0x0000000000000000000000000000000000000001';

const terms = (fee = 10n): PaymentTerms => ({
  proxy: PROXY,
  payee: PAYEE,
  token: TOKEN,
  expected: 1000n,
  feeAmount: fee,
  feeAddress: fee ? FEE_TO : null,
});
const transfer = (over: Partial<ObservedTransfer> = {}): ObservedTransfer => ({
  contract: PROXY.toLowerCase(),
  to: PAYEE.toLowerCase(),
  token: TOKEN,
  amount: 1000n,
  feeAmount: 10n,
  feeAddress: FEE_TO,
  ...over,
});

describe('settlement rules', () => {
  it('counts a transfer only through the request proxy, to its payee, in its token (addresses in any case)', () => {
    expect(countsToward(terms(), transfer())).toBe(true);
    expect(countsToward(terms(), transfer({ contract: OTHER }))).toBe(false);
    expect(countsToward(terms(), transfer({ to: OTHER }))).toBe(false);
    expect(countsToward(terms(), transfer({ token: OTHER }))).toBe(false);
    expect(countsToward({ ...terms(), token: null }, transfer({ token: null }))).toBe(true);
    expect(countsToward({ ...terms(), token: null }, transfer())).toBe(false);
  });

  it('compares Tron base58 addresses exactly: a payee differing only in letter case is another address', () => {
    const tron: PaymentTerms = {
      ...terms(),
      proxy: 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd',
      payee: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
      token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    };
    const paid = { ...transfer(), contract: tron.proxy, to: tron.payee, token: tron.token };
    expect(countsToward(tron, paid)).toBe(true);
    expect(countsToward(tron, { ...paid, to: tron.payee.toLowerCase() })).toBe(false);
    expect(countsToward(tron, { ...paid, token: tron.token!.toUpperCase() })).toBe(false);
  });

  it('is paid when the amount and the fee to the fee address arrive, in one transfer or split', () => {
    expect(paymentState(terms(), [transfer()])).toEqual({ amountPaid: 1000n, feePaid: 10n, status: 'paid' });
    expect(paymentState(terms(), [transfer({ amount: 400n, feeAmount: 4n }), transfer({ amount: 600n, feeAmount: 6n })])).toEqual({
      amountPaid: 1000n,
      feePaid: 10n,
      status: 'paid',
    });
  });

  it('is fee_short when the amount is reached with a zero fee, a fee to another address, or a fee paid through another proxy', () => {
    expect(paymentState(terms(), [transfer({ feeAmount: 0n })]).status).toBe('fee_short');
    expect(paymentState(terms(), [transfer({ feeAddress: OTHER })])).toEqual({ amountPaid: 1000n, feePaid: 0n, status: 'fee_short' });
    expect(paymentState(terms(), [transfer({ feeAmount: 0n }), transfer({ contract: OTHER, amount: 0n, feeAmount: 10n })]).status).toBe(
      'fee_short',
    );
  });

  it('judges the fee only once the amount is reached: a short first part is partial, a top-up of the fee turns fee_short to paid', () => {
    expect(paymentState(terms(), [transfer({ amount: 500n, feeAmount: 0n })]).status).toBe('partial');
    const short = [transfer({ feeAmount: 3n })];
    expect(paymentState(terms(), short).status).toBe('fee_short');
    expect(paymentState(terms(), [...short, transfer({ amount: 0n, feeAmount: 7n })])).toEqual({
      amountPaid: 1000n,
      feePaid: 10n,
      status: 'paid',
    });
  });

  it('leaves requests without a fee unaffected by what the payer sends as fee', () => {
    expect(paymentState(terms(0n), [transfer({ feeAmount: 0n, feeAddress: OTHER })]).status).toBe('paid');
    expect(paymentState(terms(0n), [transfer({ amount: 1200n })]).status).toBe('overpaid');
  });

  it('ignores transfers through another proxy entirely (recorded, never counted)', () => {
    expect(paymentState(terms(), [transfer({ contract: OTHER })])).toEqual({ amountPaid: 0n, feePaid: 0n, status: 'pending' });
  });

  it('statusForPayment: fee_short only at or above the expected amount', () => {
    expect(statusForPayment(1000n, 0n, 10n, 0n)).toBe('pending');
    expect(statusForPayment(1000n, 999n, 10n, 0n)).toBe('partial');
    expect(statusForPayment(1000n, 1001n, 10n, 9n)).toBe('fee_short');
    expect(statusForPayment(1000n, 1001n, 10n, 11n)).toBe('overpaid');
  });
});
