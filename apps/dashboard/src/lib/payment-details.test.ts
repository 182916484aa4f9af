import { describe, expect, it } from 'vitest';
import { paymentDetailRow } from './payment-details';

const detail = {
  id: 'd1',
  bankName: 'Chase',
  accountName: 'Acme Corp',
  currency: 'usd',
  status: 'approved',
  rails: 'local',
};

describe('paymentDetailRow (a payer’s bank account on the payers screen)', () => {
  it('shows the masked account number first, the currency upper-case and the status', () => {
    expect(paymentDetailRow({ ...detail, accountNumber: '********3489', routingNumber: '*****3356' })).toEqual({
      id: 'd1',
      bank: 'Chase',
      holder: 'Acme Corp',
      account: '********3489',
      currency: 'USD',
      status: 'approved',
    });
  });

  it('falls back to the IBAN, then the sort code, then a dash', () => {
    expect(paymentDetailRow({ ...detail, iban: '******************3000', sortCode: '**0000' }).account).toBe('******************3000');
    expect(paymentDetailRow({ ...detail, sortCode: '**0000' }).account).toBe('**0000');
    expect(paymentDetailRow(detail).account).toBe('—');
  });

  it('reads a status it does not know as unknown rather than showing it raw', () => {
    expect(paymentDetailRow({ ...detail, status: 'pending' }).status).toBe('pending');
    expect(paymentDetailRow({ ...detail, status: 'frozen' }).status).toBe('unknown');
  });
});
