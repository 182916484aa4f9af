import { describe, expect, it } from 'vitest';
import { clientIdForm, createClientIdBody, updateClientIdBody } from './client-id-body';
import { addEndpointRequest, endpointForm } from './endpoint-body';
import { createInvoiceBody, invoiceForm } from './invoice-body';
import { createLinkBody, linkForm } from './link-body';
import { emptyRequestFields } from './request-fields';

const PAYEE = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const shared = { ...emptyRequestFields(` ${PAYEE} `, 'sepolia'), amount: ' 12.5 ', paymentCurrency: 'fUSDC-sepolia ' };
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('invoice form → POST /v2/request', () => {
  it('trims, takes the payment currency as invoice currency when empty, leaves out what was not given', () => {
    const values = invoiceForm.parse({ ...shared, reference: '', firstName: '', lastName: '', email: '' });
    expect(createInvoiceBody(values)).toEqual({
      payee: PAYEE,
      amount: '12.5',
      paymentCurrency: 'fUSDC-sepolia',
      invoiceCurrency: 'fUSDC-sepolia',
    });
  });

  it('carries the reference and only the customer fields given', () => {
    const values = invoiceForm.parse({
      ...shared,
      invoiceCurrency: 'USD',
      reference: ' INV-7 ',
      firstName: 'Ada',
      lastName: '',
      email: 'ada@example.com',
    });
    expect(createInvoiceBody(values)).toEqual({
      payee: PAYEE,
      amount: '12.5',
      paymentCurrency: 'fUSDC-sepolia',
      invoiceCurrency: 'USD',
      reference: 'INV-7',
      customerInfo: { firstName: 'Ada', email: 'ada@example.com' },
    });
  });

  it("refuses a blank payee, a malformed amount and e-mail with the sentences' keys on the fields", () => {
    const result = invoiceForm.safeParse({
      ...shared,
      payee: '  ',
      amount: '1,5',
      reference: '',
      firstName: '',
      lastName: '',
      email: 'ada@',
    });
    expect(issues(result)).toEqual([
      ['payee', 'form.required'],
      ['amount', 'form.amount'],
      ['email', 'form.email'],
    ]);
  });
});

describe('payment link form → POST /v2/secure-payments', () => {
  const empty = {
    expiresIn: '86400',
    reference: '',
    redirectUrl: '',
    redirectLabel: '',
    color: '',
    logo: '',
    allowed: '',
    screening: 'off',
    hidePayee: false,
  };

  it('maps the minimal form to one request, the expiry in seconds and the default access policy', () => {
    expect(createLinkBody(linkForm.parse({ ...shared, ...empty }))).toEqual({
      requests: [{ payee: PAYEE, amount: '12.5', invoiceCurrency: 'fUSDC-sepolia', paymentCurrency: 'fUSDC-sepolia' }],
      expiresIn: 86400,
      accessPolicy: { screening: 'off', hidePayeeAddress: false },
    });
  });

  it('maps every optional part: redirect with label, branding, allowed payers, screening, hidden payee', () => {
    const values = linkForm.parse({
      ...shared,
      ...empty,
      expiresIn: '3600',
      reference: 'INV-DASH-1',
      redirectUrl: 'https://shop.example/thanks',
      redirectLabel: 'Back to the shop',
      color: '#1a2b3c',
      logo: '/logo.svg',
      allowed: '0xabc, 0xdef\n0x123',
      screening: 'kyt_all_wallets',
      hidePayee: true,
    });
    expect(createLinkBody(values)).toMatchObject({
      expiresIn: 3600,
      reference: 'INV-DASH-1',
      redirectUrl: 'https://shop.example/thanks',
      redirectLabel: 'Back to the shop',
      branding: { primaryActionColor: '#1a2b3c', logoPath: '/logo.svg' },
      accessPolicy: { screening: 'kyt_all_wallets', hidePayeeAddress: true, allowedPayerAddresses: ['0xabc', '0xdef', '0x123'] },
    });
  });

  it('drops a redirect label without a redirect, and refuses a bad colour or URL', () => {
    expect(createLinkBody(linkForm.parse({ ...shared, ...empty, redirectLabel: 'Back' }))).not.toHaveProperty('redirectLabel');
    expect(issues(linkForm.safeParse({ ...shared, ...empty, color: 'red', redirectUrl: 'shop.example' }))).toEqual([
      ['redirectUrl', 'form.url'],
      ['color', 'form.color'],
    ]);
  });
});

describe('Client ID and endpoint forms', () => {
  const values = { label: ' Web shop ', allowed: 'https://a.example, https://b.example', fee: '', feeAddress: '', active: true };

  it('creates with fee fields only when a fee is given, and updates clearing an emptied fee', () => {
    expect(createClientIdBody(clientIdForm.parse(values))).toEqual({
      label: 'Web shop',
      allowedDomains: ['https://a.example', 'https://b.example'],
    });
    const fee = clientIdForm.parse({ ...values, fee: '2.5', feeAddress: PAYEE });
    expect(createClientIdBody(fee)).toMatchObject({ feePercentage: '2.5', feeAddress: PAYEE });
    expect(updateClientIdBody(clientIdForm.parse({ ...values, active: false }))).toEqual({
      label: 'Web shop',
      allowedDomains: ['https://a.example', 'https://b.example'],
      status: 'inactive',
      feePercentage: null,
      feeAddress: null,
    });
    expect(issues(clientIdForm.safeParse({ ...values, fee: '2.5' }))).toEqual([['feeAddress', 'form.fee_address']]);
  });

  it('adds an endpoint for the picked Client ID, or the first offered', () => {
    const form = endpointForm.parse({ url: ' https://hooks.example/in ', clientId: '', extendedRetries: true });
    expect(addEndpointRequest(form, 'cli_first')).toEqual({
      clientId: 'cli_first',
      url: 'https://hooks.example/in',
      extendedRetries: true,
    });
    expect(addEndpointRequest({ ...form, clientId: 'cli_2' }, 'cli_first').clientId).toBe('cli_2');
    expect(issues(endpointForm.safeParse({ url: 'ftp://x', clientId: '', extendedRetries: false }))).toEqual([['url', 'form.url']]);
  });
});
