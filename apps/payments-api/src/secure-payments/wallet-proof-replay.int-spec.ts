import { Signature } from 'ethers';
import {
  ORIGIN,
  PAYEE,
  PAYER,
  PAYMENT,
  startSecurePaymentsApi,
  walletProof,
  type SecurePaymentsApi,
} from '@payrail/test-support/payments-api/secure-payments-api.js';

const REPLAYED = {
  statusCode: 401,
  message: 'Wallet proof has already been used: sign a fresh timestamp (each proof is accepted once)',
  error: 'Unauthorized',
};

describe('wallet proofs are single-use (x-wallet-proof on the hosted page routes)', () => {
  let s: SecurePaymentsApi;
  const headers = (proof: Record<string, string>) => ({ 'x-client-id': s.browser.clientId, origin: ORIGIN, ...proof });
  const record = (token: string, proof: Record<string, string>) => s.page(token, `?wallet=${PAYER.address}`, headers(proof));
  const pay = (token: string, proof: Record<string, string>) =>
    s.p.call<Record<string, unknown>>('GET', `/v2/secure-payments/${token}/pay?wallet=${PAYER.address}`, undefined, headers(proof));
  const hiddenLink = async () =>
    (await s.create({ requests: [PAYMENT], accessPolicy: { allowedPayerAddresses: [PAYER.address], hidePayeeAddress: true } })).body.token;

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
  });
  afterAll(() => s?.p.close());

  it('attack: a captured proof replayed on the record within its 5 minutes is 401 and unmasks nothing', async () => {
    const token = await hiddenLink();
    const captured = await walletProof(PAYER, token);
    const first = await record(token, captured);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ payee: PAYEE, isPayeeAddressMasked: false });
    const replay = await record(token, captured);
    expect(replay).toMatchObject({ status: 401, body: REPLAYED });
  });

  it('attack: a captured proof re-encoded (v as 0/1, EIP-2098 compact, upper-case hex) is the same proof and is refused', async () => {
    const token = await hiddenLink();
    const captured = await walletProof(PAYER, token);
    expect((await record(token, captured)).status).toBe(200);
    const signature = Signature.from(captured['x-wallet-proof']);
    const variants = [
      `${captured['x-wallet-proof'].slice(0, 130)}0${signature.yParity}`,
      signature.compactSerialized,
      `0x${captured['x-wallet-proof'].slice(2).toUpperCase()}`,
    ];
    for (const variant of variants)
      expect(await record(token, { ...captured, 'x-wallet-proof': variant })).toMatchObject({ status: 401, body: REPLAYED });
  });

  it("keeps the hosted page's check working: one signature reads the record then the pay route, once each; a replay on pay is 401", async () => {
    const token = await hiddenLink();
    const proof = await walletProof(PAYER, token);
    expect((await record(token, proof)).status).toBe(200);
    expect((await pay(token, proof)).status).toBe(200);
    expect(await pay(token, proof)).toMatchObject({ status: 401, body: REPLAYED });
    // A fresh signature from the same wallet is a new proof.
    const fresh = await walletProof(PAYER, token, 'view-secure-payment', new Date(Date.now() + 1).toISOString());
    expect((await record(token, fresh)).body).toMatchObject({ payee: PAYEE });
  });

  it('spends a proof only once under concurrent replays: exactly one of five simultaneous presentations is served', async () => {
    const token = await hiddenLink();
    const captured = await walletProof(PAYER, token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => record(token, captured)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });
});
