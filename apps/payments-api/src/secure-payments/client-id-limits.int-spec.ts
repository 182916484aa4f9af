import { Wallet } from 'ethers';
import { sqlExecute } from '@payrail/persistence';
import { testStack } from '@payrail/test-support/stack.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import {
  type Created,
  ORIGIN,
  PAYEE,
  PAYMENT,
  startSecurePaymentsApi,
  walletProof,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

const MASKED_PAYEE = `${PAYEE.slice(0, 6)}…${PAYEE.slice(-4)}`;
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

// Attacks with only what a payer's browser sees (a Client ID and an Origin it can set): the
// public Client ID reads no customer data nor hidden payees, and cannot kill or change a flow.
describe('a Client ID (public) cannot read secrets, invalidate links or change schedules', () => {
  let s: SecurePaymentsApi;
  let browser: Record<string, string>;

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    browser = { 'x-client-id': s.browser.clientId, origin: ORIGIN };
  });
  afterAll(() => s?.p.close());

  it('attack: DELETE /v2/secure-payments/{token} with a Client ID + Origin is 403 and the link stays pending; the API key invalidates it', async () => {
    const { body } = await s.create({ requests: [PAYMENT] }, browser);
    const attack = await s.p.call('DELETE', `/v2/secure-payments/${body.token}`, undefined, browser);
    expect(attack).toMatchObject({
      status: 403,
      body: {
        statusCode: 403,
        message:
          'x-client-id is not allowed on this route: it takes x-api-key or a session (Authorization: Bearer or the session_token cookie)',
        error: 'Forbidden',
      },
    });
    expect((await s.page(body.token)).body.status).toBe('pending');
    expect(await s.events(body.token)).toEqual([]);
    expect(await s.p.call('DELETE', `/v2/secure-payments/${body.token}`)).toMatchObject({ status: 200, body: { status: 'invalidated' } });
  });

  it('attack: GET /v2/request/{id} with a Client ID answers customerInfo null and a hidden payee masked; the API key reads both', async () => {
    const payout = await s.p.call<{ requestId: string }>(
      'POST',
      '/v2/payouts',
      { ...PAYMENT, customerInfo: { firstName: 'Ada', email: 'ada@example.com' } },
      browser,
    );
    expect(payout.status).toBe(201);
    const asClient = await s.p.call(`GET`, `/v2/request/${payout.body.requestId}`, undefined, browser);
    expect(asClient).toMatchObject({ status: 200, body: { customerInfo: null, payee: PAYEE } });
    expect((await s.p.call('GET', `/v2/request/${payout.body.requestId}`)).body).toMatchObject({
      customerInfo: { firstName: 'Ada', email: 'ada@example.com' },
    });

    const link = await s.create({ requests: [PAYMENT], accessPolicy: { hidePayeeAddress: true } }, browser);
    const requestId = (link.body as Created).requestIds[0];
    expect((await s.p.call('GET', `/v2/request/${requestId}`, undefined, browser)).body).toMatchObject({ payee: MASKED_PAYEE });
    expect((await s.p.call('GET', `/v2/request/${requestId}`)).body).toMatchObject({ payee: PAYEE });
  });

  describe('PATCH /v2/payouts/recurring/{id}', () => {
    const subscriber = Wallet.createRandom();
    let payer: ChainPayer;
    beforeAll(() => {
      payer = new ChainPayer(testStack().chain.rpcUrl, subscriber.privateKey);
    });
    afterAll(() => payer?.close());

    const schedule = async () => {
      const recurrence = { startDate: tomorrow, frequency: 'DAILY', totalPayments: 3, payer: subscriber.address };
      const res = await s.p.call<{ id: string }>('POST', '/v2/payouts', { ...PAYMENT, recurrence }, browser);
      expect(res.status).toBe(201);
      return res.body.id;
    };
    const patch = (id: string, action: string, headers: Record<string, string>) =>
      s.p.call('PATCH', `/v2/payouts/recurring/${id}`, { action }, headers);

    it("attack: a Client ID alone cannot cancel a schedule (403), nor with another wallet's proof; the subscriber's own proof cancels", async () => {
      const id = await schedule();
      expect(await patch(id, 'cancel', browser)).toMatchObject({
        status: 403,
        body: {
          message:
            "A Client ID changes a recurring payment only with the subscriber's wallet proof (x-wallet-proof); otherwise use the API key",
        },
      });
      const stranger = await walletProof(Wallet.createRandom(), id, 'cancel-recurring-payment');
      expect(await patch(id, 'cancel', { ...browser, ...stranger })).toMatchObject({
        status: 403,
        body: { message: "The wallet proof is not from this recurring payment's subscriber" },
      });
      // A proof for unpause (or another schedule) is not a proof for cancel.
      const wrongAction = await walletProof(subscriber, id, 'unpause-recurring-payment');
      expect((await patch(id, 'cancel', { ...browser, ...wrongAction })).status).toBe(403);
      expect((await s.p.call<{ status: string }>('GET', `/v2/payouts/recurring/${id}`)).body.status).toBe('awaiting_signature');

      const own = await walletProof(subscriber, id, 'cancel-recurring-payment');
      expect(await patch(id, 'cancel', { ...browser, ...own })).toMatchObject({ status: 200, body: { id, status: 'cancelled' } });
    });

    it('attack: a captured unpause proof does not revive a schedule paused again (each proof is accepted once)', async () => {
      const id = await schedule();
      const pause = () => sqlExecute(s.db, `UPDATE recurring_payments SET status = 'paused' WHERE id = $1`, [id]);
      await pause();
      const captured = await walletProof(subscriber, id, 'unpause-recurring-payment');
      expect(await patch(id, 'unpause', { ...browser, ...captured })).toMatchObject({ status: 200, body: { status: 'active' } });
      await pause(); // the executor pauses it again after failed executions
      expect(await patch(id, 'unpause', { ...browser, ...captured })).toMatchObject({
        status: 401,
        body: {
          statusCode: 401,
          message: 'Wallet proof has already been used: sign a fresh timestamp (each proof is accepted once)',
          error: 'Unauthorized',
        },
      });
      expect((await s.p.call<{ status: string }>('GET', `/v2/payouts/recurring/${id}`)).body.status).toBe('paused');
      const fresh = await walletProof(subscriber, id, 'unpause-recurring-payment');
      expect(await patch(id, 'unpause', { ...browser, ...fresh })).toMatchObject({ status: 200, body: { status: 'active' } });
    });

    it('the API key still cancels without any proof', async () => {
      const id = await schedule();
      expect(await patch(id, 'cancel', { 'x-api-key': s.p.tenant.apiKey.apiKey })).toMatchObject({
        status: 200,
        body: { status: 'cancelled' },
      });
    });
  });
});
