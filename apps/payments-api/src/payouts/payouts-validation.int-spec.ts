import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
  errors?: { field: string; message: string }[];
}

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const TRON = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const VALID = { payee: PAYEE, amount: '10', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' };
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const RECURRENCE = { startDate: tomorrow, frequency: 'MONTHLY', totalPayments: 12, payer: OTHER };

// Every rule of the spec's tables, each failure a 400 naming its field.
describe('POST /v2/payouts validation', () => {
  let p: PayoutsApi;

  beforeAll(async () => {
    p = await startPayoutsApi();
  });
  afterAll(() => p?.close());

  it.each<[string, Record<string, unknown>, string]>([
    ['payee missing', { payee: undefined }, 'payee'],
    ['payee not an address', { payee: '0x1234' }, 'payee'],
    ['payee with a bad EIP-55 checksum', { payee: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, 'payee'],
    ['a Tron payee for an EVM currency', { payee: TRON }, 'payee'],
    ['amount missing', { amount: undefined }, 'amount'],
    ['amount a number', { amount: 10 }, 'amount'],
    ['amount zero', { amount: '0' }, 'amount'],
    ['amount negative', { amount: '-1' }, 'amount'],
    ['amount in exponent form', { amount: '1e3' }, 'amount'],
    ['amount with more decimals than the currency (fUSDC has 6)', { amount: '1.1234567' }, 'amount'],
    ['amount with more decimals than the fiat invoice currency (USD has 2)', { amount: '10.005', invoiceCurrency: 'USD' }, 'amount'],
    ['invoiceCurrency missing', { invoiceCurrency: undefined }, 'invoiceCurrency'],
    ['invoiceCurrency unknown', { invoiceCurrency: 'NOPE' }, 'invoiceCurrency'],
    ['invoiceCurrency another token', { invoiceCurrency: 'FAU-sepolia' }, 'invoiceCurrency'],
    ['paymentCurrency unknown', { paymentCurrency: 'NOPE-sepolia' }, 'paymentCurrency'],
    ['paymentCurrency fiat', { paymentCurrency: 'USD', invoiceCurrency: 'USD' }, 'paymentCurrency'],
    [
      'a fiat invoice without a rate to the payment currency',
      { invoiceCurrency: 'EUR', paymentCurrency: 'FAU-sepolia' },
      'paymentCurrency',
    ],
    ['feePercentage above 100', { feePercentage: '100.5', feeAddress: OTHER }, 'feePercentage'],
    ['feePercentage negative', { feePercentage: '-1', feeAddress: OTHER }, 'feePercentage'],
    ['feePercentage a number', { feePercentage: 2.5, feeAddress: OTHER }, 'feePercentage'],
    ['feePercentage without feeAddress', { feePercentage: '2.5' }, 'feeAddress'],
    ['feeAddress not an address', { feePercentage: '2.5', feeAddress: 'nope' }, 'feeAddress'],
    ['a Tron feeAddress on an EVM network', { feePercentage: '2.5', feeAddress: TRON }, 'feeAddress'],
    ['payerWallet not an address', { payerWallet: 'nope' }, 'payerWallet'],
    ['payerWallet and payerAddress that differ', { payerWallet: PAYEE, payerAddress: OTHER }, 'payerAddress'],
    ['customerInfo not an object', { customerInfo: 'Ada' }, 'customerInfo'],
    ['customerInfo.firstName empty', { customerInfo: { firstName: '' } }, 'customerInfo.firstName'],
    ['customerInfo.lastName over 100', { customerInfo: { lastName: 'x'.repeat(101) } }, 'customerInfo.lastName'],
    ['customerInfo.email not an e-mail', { customerInfo: { email: 'ada@' } }, 'customerInfo.email'],
    ['customerInfo.email over 255', { customerInfo: { email: `${'a'.repeat(250)}@example.com` } }, 'customerInfo.email'],
    ['customerInfo.address.street over 255', { customerInfo: { address: { street: 'x'.repeat(256) } } }, 'customerInfo.address.street'],
    ['customerInfo.address.city over 100', { customerInfo: { address: { city: 'x'.repeat(101) } } }, 'customerInfo.address.city'],
    ['customerInfo.address.state over 100', { customerInfo: { address: { state: 'x'.repeat(101) } } }, 'customerInfo.address.state'],
    [
      'customerInfo.address.postalCode over 20',
      { customerInfo: { address: { postalCode: '1'.repeat(21) } } },
      'customerInfo.address.postalCode',
    ],
    ['a country of 3 letters', { customerInfo: { address: { country: 'FRA' } } }, 'customerInfo.address.country'],
    ['a country that is no ISO 3166-1 code', { customerInfo: { address: { country: 'XX' } } }, 'customerInfo.address.country'],
    ['an unknown customerInfo field', { customerInfo: { phone: '1' } }, 'customerInfo.phone'],
    ['reference empty', { reference: '' }, 'reference'],
    ['reference over 255', { reference: 'x'.repeat(256) }, 'reference'],
    ['an unknown field', { colour: 'blue' }, 'colour'],
    ['recurrence without its fields', { recurrence: {} }, 'recurrence.startDate'],
    ['recurrence.frequency unknown', { recurrence: { ...RECURRENCE, frequency: 'HOURLY' } }, 'recurrence.frequency'],
    ['recurrence.totalPayments 1', { recurrence: { ...RECURRENCE, totalPayments: 1 } }, 'recurrence.totalPayments'],
    ['recurrence.totalPayments 257', { recurrence: { ...RECURRENCE, totalPayments: 257 } }, 'recurrence.totalPayments'],
    ['recurrence.startDate in the past', { recurrence: { ...RECURRENCE, startDate: '2020-01-01' } }, 'recurrence.startDate'],
    ['recurrence.startDate not a date', { recurrence: { ...RECURRENCE, startDate: 'soon' } }, 'recurrence.startDate'],
    ['recurrence.payer equal to the payee', { recurrence: { ...RECURRENCE, payer: PAYEE.toLowerCase() } }, 'recurrence.payer'],
    [
      'recurrence.totalPayments 256 (valid per the spec, but a uint8 on chain cannot sign it)',
      { recurrence: { ...RECURRENCE, totalPayments: 256 } },
      'recurrence.totalPayments',
    ],
  ])('refuses %s with 400 naming %s', async (_why, change, field) => {
    const res = await p.call<ErrorBody>('POST', '/v2/payouts', { ...VALID, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.errors?.map((e) => e.field)).toContain(field);
    expect(res.body.message).toContain(field);
  });

  it('names recurrence.payer, and only it, when the payer equals the payee', async () => {
    const res = await p.call<ErrorBody>('POST', '/v2/payouts', { ...VALID, recurrence: { ...RECURRENCE, payer: PAYEE.toLowerCase() } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'recurrence.payer', message: 'payer cannot equal the payee address' }]);
  });

  it.each(['startDate', 'frequency', 'totalPayments', 'payer'])(
    'says a missing recurrence.%s is required, not that its value is wrong',
    async (name) => {
      const res = await p.call<ErrorBody>('POST', '/v2/payouts', { ...VALID, recurrence: { ...RECURRENCE, [name]: undefined } });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ field: `recurrence.${name}`, message: `${name} is required` }]);
      expect(res.body.message).toBe(`Validation failed: recurrence.${name}: ${name} is required`);
    },
  );

  it('says each missing required body field is required', async () => {
    const res = await p.call<ErrorBody>('POST', '/v2/payouts', {});
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      ['amount', 'invoiceCurrency', 'paymentCurrency'].map((field) => ({ field, message: `${field} is required` })),
    );
    // payee may be left out by a Client ID bound to a payee destination: without one it is asked for once the body is valid.
    const missing = await p.call<ErrorBody>('POST', '/v2/payouts', { ...VALID, payee: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'payee', message: 'payee is required (an EVM or Tron address on the payment network)' }]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['amount with exactly the currency’s decimals', { amount: '1.123456' }],
    [
      'a lower-case country code (stored upper-case) and every customerInfo field',
      {
        customerInfo: {
          firstName: 'Ada',
          lastName: 'L',
          email: 'ada@example.com',
          address: { street: '1 Main St', city: 'Paris', state: 'IDF', postalCode: '75001', country: 'fr' },
        },
      },
    ],
    ['feePercentage 0 and 100', { feePercentage: '100', feeAddress: OTHER }],
    ['payerWallet and payerAddress equal up to case', { payerWallet: OTHER, payerAddress: OTHER.toLowerCase() }],
    ['reference of 255 characters', { reference: 'x'.repeat(255) }],
    ['a lower-case currency id', { invoiceCurrency: 'fusdc-sepolia', paymentCurrency: 'FUSDC-SEPOLIA' }],
  ])('accepts %s', async (_why, change) => {
    const res = await p.call('POST', '/v2/payouts', { ...VALID, ...change });
    expect(res.status).toBe(201);
  });

  it('keeps customerInfo and reference for receipts (country upper-cased)', async () => {
    const customerInfo = { firstName: 'Ada', email: 'ada@example.com', address: { country: 'fr' } };
    const created = await p.call<{ requestId: string }>('POST', '/v2/payouts', { ...VALID, customerInfo, reference: 'ORDER-42' });
    const status = await p.call('GET', `/v2/request/${created.body.requestId}`);
    expect(status.body).toMatchObject({
      customerInfo: { ...customerInfo, address: { country: 'FR' } },
      reference: 'ORDER-42',
      status: 'pending',
    });
  });
});
