import { tronFromHex } from '@payrail/domain';
import { tronFeeProxyPayment } from '@payrail/permits';
import { sqlRows } from '@payrail/persistence';
import { computeAddress } from 'ethers';
import { signedTronCall, startFakeTronGrid, type FakeTronGrid } from '@payrail/test-support/fake-trongrid.js';
import { ORIGIN, PAYMENT, startSecurePaymentsApi, type SecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';

const PAYEE = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
const TRON_PAYMENT = { payee: PAYEE, amount: '25', invoiceCurrency: 'USDT-tron', paymentCurrency: 'USDT-tron' };
const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';
const OTHER_KEY = '0x8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b41de8f';
const PER_MINUTE = 30;

interface TronTx {
  to: string;
  data: string;
  feeLimit: number;
}

// POST /v2/secure-payments/{token}/tron/broadcast through the real payments-api, TRON_API_URL on a
// TronGrid stand-in on 127.0.0.1 whose /wallet/broadcasttransaction checks txid and signer.
describe("POST /v2/secure-payments/{token}/tron/broadcast: the page's signed Tron calls relayed to the node", () => {
  let grid: FakeTronGrid;
  let s: SecurePaymentsApi;
  const page = () => ({ 'x-client-id': s.browser.clientId, origin: ORIGIN });
  const broadcast = (token: string, signedTransaction: unknown, headers = page()) =>
    s.p.call<Record<string, unknown> & { errors?: { field: string; message: string }[] }>(
      'POST',
      `/v2/secure-payments/${token}/tron/broadcast`,
      { signedTransaction },
      headers,
    );
  const open = async (extra: object = {}) => {
    const created = await s.create({ requests: [TRON_PAYMENT], ...extra });
    expect(created.status).toBe(201);
    const pay = await s.p.call<{ transactions: TronTx[]; paymentReference: string }>(
      'GET',
      `/v2/secure-payments/${created.body.token}/pay`,
      undefined,
      page(),
    );
    expect(pay.status).toBe(200);
    const [approve, payment] = pay.body.transactions;
    return { token: created.body.token, approve, payment, reference: pay.body.paymentReference };
  };
  const intentsOf = (token: string) =>
    sqlRows<{ tx_hash: string; network: string }>(s.db, 'SELECT tx_hash, network FROM payment_intents WHERE secure_payment_token = $1', [
      token,
    ]);

  beforeAll(async () => {
    grid = await startFakeTronGrid();
    s = await startSecurePaymentsApi({ TRON_API_URL: grid.url, USER_EVENTS_PER_MINUTE: String(PER_MINUTE), INTENTS_OPEN_PER_LINK: '2' });
  });
  beforeEach(() => grid.reset());
  afterAll(async () => {
    await s?.p.close();
    await grid?.close();
  });

  it('relays the approval and the payment as signed, answers the node, and records the payment as the link intent', async () => {
    const { token, approve, payment } = await open();
    const approval = signedTronCall(KEY, { contract: approve.to, data: approve.data, feeLimit: approve.feeLimit });
    const first = await broadcast(token, approval);
    expect([first.status, first.body]).toEqual([200, { result: true, txid: approval.txID }]);
    const paying = signedTronCall(KEY, { contract: payment.to, data: payment.data, feeLimit: payment.feeLimit });
    const second = await broadcast(token, paying);
    expect([second.status, second.body]).toEqual([200, { result: true, txid: paying.txID }]);
    expect([...grid.broadcasts.keys()]).toEqual([approval.txID, paying.txID]);
    expect(grid.broadcasts.get(paying.txID)).toMatchObject({ raw_data_hex: paying.raw_data_hex, signature: paying.signature });
    expect(await intentsOf(token)).toEqual([{ tx_hash: paying.txID, network: 'tron' }]);
  });

  it('refuses with a 400 naming the field, and relays nothing: another payee, tampered JSON, wrong txID, TRX sent, bad shapes', async () => {
    const { token, payment, reference } = await open();
    const elsewhere = tronFeeProxyPayment(payment.to, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', {
      to: 'TZD3BBudKsnp6gxxrjtcvUTP3eFerFg9uB',
      amount: 25_000_000n,
      paymentReference: reference,
      feeAmount: 0n,
    });
    const good = signedTronCall(KEY, { contract: payment.to, data: payment.data });
    const cases: [unknown, string][] = [
      [signedTronCall(KEY, { contract: payment.to, data: elsewhere.data }), 'signedTransaction.raw_data_hex'],
      [signedTronCall(KEY, { contract: PAYEE, data: payment.data }), 'signedTransaction.raw_data_hex'],
      [signedTronCall(KEY, { contract: payment.to, data: payment.data, callValue: 5 }), 'signedTransaction.raw_data_hex'],
      [{ ...good, raw_data: { ...good.raw_data, fee_limit: 1 } }, 'signedTransaction.raw_data'],
      [{ ...good, txID: 'ab'.repeat(32) }, 'signedTransaction.txID'],
      [{ ...good, raw_data_hex: 'zz' }, 'signedTransaction.raw_data_hex'],
      [{ ...good, raw_data_hex: 'abcd' }, 'signedTransaction.raw_data_hex'],
      [{ ...good, signature: [] }, 'signedTransaction.signature'],
      [{ ...good, signature: ['12'] }, 'signedTransaction.signature'],
      [{ ...good, txID: 'x' }, 'signedTransaction.txID'],
      [{ ...good, raw_data: { ...good.raw_data, contract: [] } }, 'signedTransaction.raw_data.contract'],
      [{ ...good, raw_data: { ...good.raw_data, fee_limit: -1 } }, 'signedTransaction.raw_data.fee_limit'],
      [{ ...good, raw_data: undefined }, 'signedTransaction.raw_data'],
      [undefined, 'signedTransaction'],
      ['x', 'signedTransaction'],
    ];
    for (const [tx, field] of cases) {
      const res = await s.p.call<{ errors?: { field: string }[] }>(
        'POST',
        `/v2/secure-payments/${token}/tron/broadcast`,
        tx === undefined ? {} : { signedTransaction: tx },
        page(),
      );
      expect([res.status, res.body.errors?.map((e) => e.field)]).toEqual([400, expect.arrayContaining([field])]);
    }
    const evm = (await s.create({ requests: [PAYMENT] })).body.token;
    const notTron = await broadcast(evm, good);
    expect([notTron.status, notTron.body.errors?.[0]?.field]).toEqual([400, 'token']);
    expect(grid.requests.filter((r) => r.path === '/wallet/broadcasttransaction')).toEqual([]);
    expect(await intentsOf(token)).toEqual([]);
  });

  it('answers 502 in the error shape when the node refuses (bad signature) or is down; 403 for a signer outside the allowlist or a closed link', async () => {
    const { token, approve } = await open();
    const forged = {
      ...signedTronCall(KEY, { contract: approve.to, data: approve.data }),
      signature: signedTronCall(OTHER_KEY, { contract: approve.to, data: approve.data }).signature,
    };
    const refused = await broadcast(token, forged);
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({
      statusCode: 502,
      message: 'Broadcast failed: SIGERROR: Validate signature error: signer is not the owner',
      error: 'Bad Gateway',
    });
    grid.mode = 'down';
    const down = await broadcast(token, signedTronCall(KEY, { contract: approve.to, data: approve.data }));
    expect([down.status, down.body.message]).toEqual([502, 'Broadcast failed: the Tron node did not answer']);
    grid.mode = 'up';

    const allowed = tronFromHex(computeAddress(OTHER_KEY));
    const guarded = await open({ accessPolicy: { allowedPayerAddresses: [allowed] } });
    const outsider = await broadcast(guarded.token, signedTronCall(KEY, { contract: guarded.approve.to, data: guarded.approve.data }));
    expect([outsider.status, outsider.body.message]).toEqual([403, 'This wallet is not allowed to pay this secure payment']);
    const insider = await broadcast(guarded.token, signedTronCall(OTHER_KEY, { contract: guarded.approve.to, data: guarded.approve.data }));
    expect(insider.status).toBe(200);

    const closed = await open();
    expect((await s.p.call('DELETE', `/v2/secure-payments/${closed.token}`)).status).toBe(200);
    const late = await broadcast(closed.token, signedTronCall(KEY, { contract: closed.approve.to, data: closed.approve.data }));
    expect([late.status, late.body.message]).toEqual([403, 'Secure payment is invalidated: it can no longer be paid']);
    expect((await broadcast('01ARZ3NDEKTSV4RRFFQ69G5FAV', forged)).status).toBe(404);
    expect((await broadcast(token, forged, { 'x-client-id': s.browser.clientId } as ReturnType<typeof page>)).status).toBe(401);
  });

  it('bounds a flood like intents: open payment broadcasts capped per link (429 before the node), then the per-token-and-IP limit', async () => {
    const { token, payment, approve } = await open();
    const relayed = () => grid.requests.filter((r) => r.path === '/wallet/broadcasttransaction').length;
    // Distinct signed payments (another timestamp each): the link holds INTENTS_OPEN_PER_LINK (2) open.
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const tx = signedTronCall(KEY, { contract: payment.to, data: payment.data, timestamp: 1_790_000_000_000 + i });
      answers.push(await broadcast(token, tx));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 429]);
    expect(answers[2].body.message).toBe('Too many open payment intents for this payment; retry when one is resolved');
    expect(relayed()).toBe(2);
    // Approvals open no intent; the route's own limit (USER_EVENTS_PER_MINUTE per token and IP) stops them.
    const statuses: number[] = [];
    for (let i = 0; i < PER_MINUTE + 2; i++) {
      const tx = signedTronCall(KEY, { contract: approve.to, data: approve.data, timestamp: 1_790_000_100_000 + i });
      statuses.push((await broadcast(token, tx)).status);
    }
    // 3 payments above and PER_MINUTE + 2 approvals: the last 5 are over the limit, and never reach the node.
    expect(statuses.slice(0, PER_MINUTE - 3)).toEqual(Array(PER_MINUTE - 3).fill(200));
    expect(statuses.slice(PER_MINUTE - 3)).toEqual(Array(5).fill(429));
    expect(relayed()).toBe(2 + PER_MINUTE - 3);
    // Another link of the same Client ID is not starved by the flood.
    const other = await open();
    expect((await broadcast(other.token, signedTronCall(KEY, { contract: other.approve.to, data: other.approve.data }))).status).toBe(200);
  });
});
