import { statusForPayment } from '../payments/request-status.js';
import {
  acceptRefusal,
  amountFacts,
  exceptionRefundDefault,
  inInvoiceUnits,
  lateness,
  rateOf,
  refundRefusal,
  refundSourceOf,
  remainderRefusal,
  settlesAt,
} from './exception-rules.js';

describe('payment exception rules', () => {
  const request = { expected: 10_000_000n, invoiceAmount: 1000n, invoiceDecimals: 2, accepted: null };

  it('a tolerance lowers the amount a request settles at: a percentage of expected, or an invoice amount at the request rate', () => {
    expect(settlesAt(request, { bps: null, amount: null })).toBe(10_000_000n);
    expect(settlesAt(request, { bps: 250, amount: null })).toBe(9_750_000n);
    expect(settlesAt(request, { bps: null, amount: '0.50' })).toBe(9_500_000n);
    expect(settlesAt(request, { bps: null, amount: '0.505' })).toBe(9_500_000n); // a cent at most: extra decimals cut
    expect(settlesAt(request, { bps: null, amount: '1000' })).toBe(0n);
    expect(settlesAt({ ...request, accepted: 6_000_000n }, { bps: 250, amount: null })).toBe(6_000_000n);
  });

  it('the status counts a payment from settlesAt as paid, its fee judged then', () => {
    expect(statusForPayment(10n, 9n, 0n, 0n)).toBe('partial');
    expect(statusForPayment(10n, 9n, 0n, 0n, 9n)).toBe('paid');
    expect(statusForPayment(10n, 9n, 1n, 0n, 9n)).toBe('fee_short');
    expect(statusForPayment(10n, 8n, 0n, 0n, 9n)).toBe('partial');
    expect(statusForPayment(10n, 11n, 0n, 0n, 9n)).toBe('overpaid');
  });

  it('amount facts: short and partial is open, short but paid is within tolerance, over is overpaid', () => {
    expect(amountFacts('pending', 10n, 0n)).toEqual([]);
    expect(amountFacts('partial', 10n, 4n)).toEqual([{ kind: 'underpaid' }]);
    expect(amountFacts('paid', 10n, 9n)).toEqual([{ kind: 'underpaid', auto: 'within_tolerance' }]);
    expect(amountFacts('paid', 10n, 10n)).toEqual([]);
    expect(amountFacts('overpaid', 10n, 12n)).toEqual([{ kind: 'overpaid' }]);
  });

  it('lateness against the expiry and the late window', () => {
    const expiry = new Date('2026-01-01T00:00:00Z');
    expect(lateness(new Date('2025-12-31T23:59:59Z'), expiry, 0)).toBe('none');
    expect(lateness(expiry, expiry, 0)).toBe('none');
    expect(lateness(new Date('2026-01-01T00:00:01Z'), expiry, 0)).toBe('beyond');
    expect(lateness(new Date('2026-01-01T01:00:00Z'), expiry, 3600)).toBe('within');
    expect(lateness(new Date('2026-01-01T01:00:01Z'), expiry, 3600)).toBe('beyond');
    expect(lateness(new Date(), null, 0)).toBe('none');
  });

  it('invoice amounts and the rate come from the request itself', () => {
    expect(inInvoiceUnits(9_500_000n, 10_000_000n, 1000n)).toBe(950n);
    expect(rateOf(10_000_000n, 6, 1000n, 2)).toBe('1');
    expect(rateOf(5n * 10n ** 18n, 18, 1000n, 2)).toBe('2');
    expect(rateOf(0n, 6, 1000n, 2)).toBeNull();
  });

  it('which decisions a state admits', () => {
    expect(acceptRefusal('underpaid', 'open')).toBeUndefined();
    expect(acceptRefusal('underpaid', 'accepted')).toMatch(/only an open exception/);
    expect(acceptRefusal('wrong_token', 'open')).toMatch(/cannot be accepted/);
    expect(remainderRefusal('overpaid', 'open')).toMatch(/only for an underpaid/);
    expect(remainderRefusal('underpaid', 'remainder_requested')).toMatch(/only while it is open/);
    expect(remainderRefusal('underpaid', 'open')).toBeUndefined();
  });

  it('which exceptions can be refunded, and what a refund gives back by default', () => {
    expect(refundRefusal('open', null)).toBeUndefined();
    expect(refundRefusal('open', null)).toBeUndefined();
    expect(refundRefusal('open', 'r1')).toMatch(/refund r1 under way/);
    for (const status of ['accepted', 'refunded', 'resolved', 'remainder_requested'] as const)
      expect(refundRefusal(status, null)).toBe(`Exception is ${status}; only an open exception can be refunded`);
    // Their funds are in the deposit forwarder: refunded from there (payee-signed, relayer-sent).
    expect(refundRefusal('open', null)).toBeUndefined();
    expect(refundSourceOf('wrong_token')).toBe('deposit_forwarder');
    expect(refundSourceOf('unsweepable')).toBe('deposit_forwarder');
    expect(refundSourceOf('overpaid')).toBe('payee_wallet');

    const amounts = { expectedAmount: 2_000_000n, receivedAmount: 2_300_000n };
    expect(exceptionRefundDefault({ kind: 'overpaid', ...amounts })).toBe(300_000n);
    expect(exceptionRefundDefault({ kind: 'overpaid', expectedAmount: 2n, receivedAmount: 2n })).toBe(0n);
    for (const kind of ['late', 'unexpected_payer', 'screening_rejected'] as const)
      expect(exceptionRefundDefault({ kind, ...amounts })).toBe(2_300_000n);
    expect(exceptionRefundDefault({ kind: 'underpaid', expectedAmount: 2_000_000n, receivedAmount: 1_500_000n })).toBe(1_500_000n);
  });
});
