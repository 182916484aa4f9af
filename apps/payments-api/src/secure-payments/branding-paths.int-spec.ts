import {
  ORIGIN,
  PAYEE,
  PAYMENT,
  startSecurePaymentsApi,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

type Answer = { status: number; body: { token?: string; errors?: { field: string; message: string }[] } };

describe('branding paths (logoPath, termsPath, privacyPath): https URLs or relative paths only, on every link route', () => {
  let s: SecurePaymentsApi;
  const browser = () => ({ 'x-client-id': s.browser.clientId, origin: ORIGIN });
  const routes: [string, string, () => object][] = [
    ['secure payment', '/v2/secure-payments', () => ({ requests: [PAYMENT] })],
    ['multicall payout', '/v2/secure-payments/multicall-payouts', () => ({ payouts: [PAYMENT, { ...PAYMENT, amount: '1' }] })],
    [
      'payout link',
      '/v2/secure-payments/payouts',
      () => ({ recipient: PAYEE, network: 'sepolia', currency: 'fUSDC-sepolia', amount: '3' }),
    ],
  ];

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
  });
  afterAll(() => s?.p.close());

  describe.each(routes)('%s (POST %s)', (_name, path, body) => {
    it.each([
      ['logoPath', 'javascript:alert(document.cookie)'],
      ['logoPath', 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+'],
      ['termsPath', 'http://shop.example/terms'],
      ['privacyPath', '//evil.example/privacy'],
      ['termsPath', 'java\tscript:alert(1)'],
      ['privacyPath', '/\\evil.example/privacy'],
    ])('refuses %s %j with 400 naming the field', async (field, value) => {
      for (const headers of [undefined, browser()]) {
        const res = (await s.p.call('POST', path, { ...body(), branding: { [field]: value } }, headers)) as Answer;
        expect([res.status, res.body.errors]).toEqual([
          400,
          [{ field: `branding.${field}`, message: `${field} must be an https URL or a relative path` }],
        ]);
      }
    });

    it('accepts https URLs and relative paths, and the page serves them as given', async () => {
      const branding = { logoPath: 'https://cdn.shop.example/logo.svg', termsPath: '/legal/terms', privacyPath: 'legal/privacy#data' };
      const res = (await s.p.call('POST', path, { ...body(), branding })) as Answer;
      expect(res.status).toBe(201);
      if (path === '/v2/secure-payments/multicall-payouts') return; // its page data is read with a platform session (multicall-payouts.int-spec)
      const page = await s.page(res.body.token!);
      // The record's branding has the full multicall shape; the paths come back exactly as given.
      expect(page.body.branding).toMatchObject(branding);
    });
  });
});
