import { Wallet } from 'ethers';
import type { InProcessApi } from '@payrail/test-support/in-process.js';
import { json, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';

const PAGE = 'https://pay.payrail.test';

// The hosted onboarding page signs a platform in from its own origin (SECURE_PAYMENT_PAGE_URL):
// the EIP-4361 message names the page, the session comes back as a bearer token, and the page's
// origin (only it) gets CORS without credentials.
describe('wallet sign-in from the hosted page (onboarding): message bound to the page, bearer session, CORS without credentials', () => {
  let api: InProcessApi;

  beforeAll(async () => {
    [api] = (await startAuthApi(1, { SECURE_PAYMENT_PAGE_URL: `${PAGE}/pay` })).apis as [InProcessApi];
  });
  afterAll(() => api.close());

  const challenge = async (address: string, origin?: string) => {
    const res = await fetch(`${api.url}/v1/auth/wallet/challenge`, json({ address }, origin ? { origin } : {}));
    expect(res.status).toBe(201);
    return { res, body: (await res.json()) as { challengeId: string; nonce: string; message: string } };
  };

  it("names the page in the message signed on it, verifies it into a bearer session, and grants the page's origin CORS only", async () => {
    const wallet = Wallet.createRandom();
    const { res, body: c } = await challenge(wallet.address, PAGE);
    expect(c.message.split('\n')[0]).toBe('pay.payrail.test wants you to sign in with your Ethereum account:');
    expect(c.message).toContain(`URI: ${PAGE}\n`);
    expect(res.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const verified = await fetch(
      `${api.url}/v1/auth/wallet/verify?bearer=true`,
      json(
        { challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature: await wallet.signMessage(c.message) },
        { origin: PAGE },
      ),
    );
    expect(verified.status).toBe(200);
    expect(verified.headers.getSetCookie()).toEqual([]);
    const { sessionToken } = (await verified.json()) as { sessionToken: string };
    const clientIds = await fetch(`${api.url}/v1/client-ids`, { headers: { origin: PAGE, authorization: `Bearer ${sessionToken}` } });
    expect(clientIds.status).toBe(200);
    expect(clientIds.headers.get('access-control-allow-origin')).toBe(PAGE);

    // Another origin gets the dashboard's message and no CORS grant.
    const other = await challenge(wallet.address, 'https://evil.example');
    expect(other.body.message.split('\n')[0]).toBe('dashboard.payrail.test wants you to sign in with your Ethereum account:');
    expect(other.res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
