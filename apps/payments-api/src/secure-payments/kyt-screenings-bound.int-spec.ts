import { Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { MAX_SCREENINGS_PER_PAYMENT, sqlOne } from '@payrail/persistence';
import {
  ORIGIN,
  PAYMENT,
  startSecurePaymentsApi,
  walletProof,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

// Any wallet that proves control is screened on a kyt_all_wallets link: throwaway wallets must not
// grow the payment's row without bound.
describe('KYT screenings on one payment are bounded', () => {
  let s: SecurePaymentsApi;

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
  });
  afterAll(() => s?.p.close());

  const stored = async (token: string) =>
    (
      await sqlOne<{ screenings: Record<string, { status: string }> }>(
        s.p.api.app.get(DataSource).manager,
        'SELECT screenings FROM secure_payments WHERE token = $1',
        [token],
      )
    )?.screenings ?? {};

  it(`keeps at most ${MAX_SCREENINGS_PER_PAYMENT} after ${MAX_SCREENINGS_PER_PAYMENT + 5} throwaway wallets, dropping the oldest; a dropped wallet is screened again`, async () => {
    const { body } = await s.create({ requests: [PAYMENT], accessPolicy: { screening: 'kyt_all_wallets' } });
    const wallets = Array.from({ length: MAX_SCREENINGS_PER_PAYMENT + 5 }, () => Wallet.createRandom());
    for (const wallet of wallets) {
      const res = await s.page(body.token, '', {
        'x-client-id': s.browser.clientId,
        origin: ORIGIN,
        ...(await walletProof(wallet, body.token)),
      });
      expect([res.status, (res.body as { accessDecision?: { status: string } }).accessDecision?.status]).toEqual([200, 'approved']);
    }
    const kept = await stored(body.token);
    expect(Object.keys(kept)).toHaveLength(MAX_SCREENINGS_PER_PAYMENT);
    expect(Object.keys(kept)).toContain(wallets.at(-1)!.address.toLowerCase());
    expect(Object.keys(kept)).not.toContain(wallets[0].address.toLowerCase());
    const again = await s.page(body.token, '', {
      'x-client-id': s.browser.clientId,
      origin: ORIGIN,
      ...(await walletProof(wallets[0], body.token)),
    });
    expect((again.body as { accessDecision: { status: string; reason: string } }).accessDecision).toMatchObject({
      status: 'approved',
      reason: 'screened',
    });
    expect(Object.keys(await stored(body.token))).toContain(wallets[0].address.toLowerCase());
  }, 120000);
});
