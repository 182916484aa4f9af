import { paymentReference, paymentReferenceTopic } from '@payrail/domain';
import { newRequestRow, type RequestTerms } from './new-request.js';

const terms: RequestTerms = {
  platformId: 'plat_1',
  clientIdId: null,
  orchestratorId: null,
  batchId: null,
  network: 'sepolia',
  payee: '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7',
  payer: null,
  invoiceCurrency: 'USD',
  invoiceAmount: 1050n,
  invoiceDecimals: 2,
  paymentCurrency: 'fUSDC-sepolia',
  currencyAddress: '0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C',
  currencyDecimals: 6,
  proxyAddress: '0x399F5EE127ce7432E4921a61b8CF52b0af52cbfE',
  expectedAmount: 10_500_000n,
  feePercentage: null,
  feeAmount: 0n,
  feeAddress: null,
  reference: 'INV-7',
};

describe('newRequestRow: the one builder of request rows (payouts, secure payments, recurring executions)', () => {
  it('keeps every term and derives a requestId, a 16-hex salt and the payment reference Request Network computes from them', () => {
    const row = newRequestRow(terms);
    expect(row).toMatchObject(terms);
    expect(row.id).toMatch(/^01[0-9a-f]{64}$/);
    expect(row.salt).toMatch(/^[0-9a-f]{16}$/);
    expect(row.paymentReference).toBe(paymentReference(row.id, row.salt, terms.payee));
    expect(row.referenceTopic).toBe(paymentReferenceTopic(row.paymentReference));
    expect(row.customerInfoEncrypted).toBeNull();
  });

  it('gives identical terms (and identical extra creation data) a new id, salt and reference each time', () => {
    const [a, b] = [newRequestRow(terms, { creation: { index: 1 } }), newRequestRow(terms, { creation: { index: 1 } })];
    expect(a.id).not.toBe(b.id);
    expect(a.salt).not.toBe(b.salt);
    expect(a.paymentReference).not.toBe(b.paymentReference);
  });

  it('binds the customerInfo ciphertext to the new requestId', () => {
    const seen: string[] = [];
    const row = newRequestRow(terms, {
      encryptCustomerInfo: (id) => {
        seen.push(id);
        return `sealed-for-${id}`;
      },
    });
    expect(seen).toEqual([row.id]);
    expect(row.customerInfoEncrypted).toBe(`sealed-for-${row.id}`);
  });
});
