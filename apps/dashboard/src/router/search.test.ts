import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { paymentsSearch, payersSearch, reconciliationSearch, webhooksSearch } from './search';

// The router's own (default) serializer: JSON for arrays and for strings that would parse as JSON.
const stringify = stringifySearchWith(JSON.stringify, JSON.parse);
const parse = parseSearchWith(JSON.parse);
const roundTrip = (search: Record<string, unknown>) => paymentsSearch.parse(parse(stringify(search)));

describe('list screens search params', () => {
  it('round-trips every payments filter and the cursor stack through the URL', () => {
    const search = {
      status: 'paid',
      network: 'sepolia',
      currency: 'fUSDC-sepolia',
      from: '2026-11-01',
      to: '2026-11-27',
      reference: 'INV-7',
      paymentReference: '0x0123456789abcdef',
      payer: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      cursors: ['MjAyNi0xMS0yOFQwMTo0NA', 'eyJpZCI6Ijk5In0'],
    } as const;
    const url = stringify(search);
    expect(url).toContain('status=paid');
    expect(roundTrip(search)).toEqual(search);
  });

  it('keeps a reference that looks like a number or JSON a string', () => {
    expect(roundTrip({ reference: '123' })).toEqual({ reference: '123' });
    expect(roundTrip({ reference: 'true' })).toEqual({ reference: 'true' });
    expect(roundTrip({ payer: '[1]' })).toEqual({ payer: '[1]' });
  });

  it('drops values it does not accept instead of failing (a hand-edited URL shows the unfiltered list)', () => {
    const parsed = paymentsSearch.parse(
      parse('?status=nope&network=moon&from=2026-13-45&to=yesterday&cursors=notjson&currency=%20%20&reference=INV-1&extra=1'),
    );
    expect(parsed).toEqual({ reference: 'INV-1' });
    expect(paymentsSearch.parse({ cursors: [] })).toEqual({});
    expect(paymentsSearch.parse({ cursors: [1, 2] })).toEqual({});
  });

  it('validates the other screens the same way', () => {
    expect(payersSearch.parse(parse('?search=%20alice%20&cursors=%5B%22c1%22%5D'))).toEqual({ search: 'alice', cursors: ['c1'] });
    expect(webhooksSearch.parse({ status: 'failed', eventType: 'payment.confirmed', from: '2026-11-27T10:00:00.000Z' })).toEqual({
      status: 'failed',
      eventType: 'payment.confirmed',
      from: '2026-11-27T10:00:00.000Z',
    });
    expect(webhooksSearch.parse({ status: 'lost', eventType: 'payment.unknown', from: 'last week' })).toEqual({});
    expect(reconciliationSearch.parse(parse('?run=01JD3Y2ZK8Q7V6W5X4T3S2R1P1'))).toEqual({ run: '01JD3Y2ZK8Q7V6W5X4T3S2R1P1' });
    expect(reconciliationSearch.parse(parse('?run=not-a-run'))).toEqual({});
  });
});
