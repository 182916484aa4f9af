import { Wallet } from 'ethers';
import { TronWeb, utils as tronUtils } from 'tronweb';
import type { InProcessApi } from '@payrail/test-support/in-process.js';
import type { ManualClock } from '@payrail/test-support/in-process.js';
import { json, sessionCookie, startAuthApi } from '@payrail/test-support/auth-api/auth-api.js';

interface Challenge {
  challengeId: string;
  nonce: string;
  message: string;
  expiresAt: string;
}

describe('wallet sign-in (SIWE for EVM, message signing for Tron) over HTTP', () => {
  let api: InProcessApi;
  let clock: ManualClock;

  beforeAll(async () => {
    const started = await startAuthApi();
    [api] = started.apis as [InProcessApi];
    clock = started.clock;
  });
  afterAll(() => api.close());

  const challenge = async (address: string): Promise<Challenge> => {
    const res = await fetch(`${api.url}/v1/auth/wallet/challenge`, json({ address }));
    expect(res.status).toBe(201);
    return (await res.json()) as Challenge;
  };
  const verify = (c: Challenge, signature: string, override: Partial<Challenge> = {}) =>
    fetch(
      `${api.url}/v1/auth/wallet/verify`,
      json({ challengeId: c.challengeId, nonce: c.nonce, message: c.message, signature, ...override }),
    );
  const expectRefused = async (res: Response) => {
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Wallet sign-in failed: the challenge is unknown, expired or used, or the signature does not match',
    });
  };

  it('signs an EVM wallet in with a personal_sign signature and sets the session cookie', async () => {
    const wallet = Wallet.createRandom();
    const c = await challenge(wallet.address.toLowerCase());
    expect(c.message).toContain('dashboard.payrail.test wants you to sign in with your Ethereum account:');
    expect(c.message).toContain(`\n${wallet.address}\n`);
    expect(c.message).toContain(`Nonce: ${c.nonce}`);
    expect(new Date(c.expiresAt).getTime() - clock.now()).toBe(5 * 60 * 1000);
    const res = await verify(c, await wallet.signMessage(c.message));
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((h) => h.startsWith('__Host-session_token='))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    const body = (await res.json()) as { wallet: { address: string; kind: string }; kind: string; user: { id: string } };
    expect(body).toMatchObject({ wallet: { address: wallet.address, kind: 'evm' }, kind: 'wallet' });
    const session = await fetch(`${api.url}/v1/auth/session`, { headers: { cookie: `__Host-session_token=${sessionCookie(res)}` } });
    expect(session.status).toBe(200);
    expect(await session.json()).toMatchObject({ user: { id: body.user.id }, wallet: { address: wallet.address } });
  });

  it('signs the same wallet into the same account each time', async () => {
    const wallet = Wallet.createRandom();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const c = await challenge(wallet.address);
      ids.push(((await (await verify(c, await wallet.signMessage(c.message))).json()) as { user: { id: string } }).user.id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it('signs a Tron wallet in with a TronWeb message signature', async () => {
    const privateKey = Wallet.createRandom().privateKey.slice(2);
    const address = TronWeb.address.fromPrivateKey(privateKey) as string;
    const c = await challenge(address);
    expect(c.message).toContain('wants you to sign in with your Tron account:');
    expect(c.message).toContain(`\n${address}\n`);
    const res = await verify(c, tronUtils.message.signMessage(c.message, privateKey));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ wallet: { address, kind: 'tron' } });
  });

  it('answers 400 for an address that is neither EVM nor Tron, or has a bad checksum', async () => {
    const wallet = Wallet.createRandom();
    const badChecksum =
      wallet.address.slice(0, 2) +
      wallet.address
        .slice(2)
        .split('')
        .map((ch, i) => (i === 0 && /[a-f]/i.test(ch) ? (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) : ch))
        .join('');
    for (const address of ['hello', '0x1234', 'TXYZ', badChecksum === wallet.address ? '0xZZ' : badChecksum]) {
      const res = await fetch(`${api.url}/v1/auth/wallet/challenge`, json({ address }));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('address');
    }
  });

  it('refuses an expired challenge (5 minutes)', async () => {
    const wallet = Wallet.createRandom();
    const c = await challenge(wallet.address);
    const signature = await wallet.signMessage(c.message);
    clock.advance(5 * 60 * 1000 + 1);
    await expectRefused(await verify(c, signature));
  });

  it('refuses a reused challenge', async () => {
    const wallet = Wallet.createRandom();
    const c = await challenge(wallet.address);
    const signature = await wallet.signMessage(c.message);
    expect((await verify(c, signature)).status).toBe(200);
    await expectRefused(await verify(c, signature));
  });

  it('refuses a tampered message, a wrong domain, a wrong nonce and another signer', async () => {
    const wallet = Wallet.createRandom();
    const tampered = await challenge(wallet.address);
    const changed = tampered.message.replace('Sign in to Payrail.', 'Sign in to Payrail!');
    await expectRefused(await verify(tampered, await wallet.signMessage(changed), { message: changed }));
    const domain = await challenge(wallet.address);
    const otherDomain = domain.message.replace('dashboard.payrail.test wants', 'evil.example wants');
    await expectRefused(await verify(domain, await wallet.signMessage(otherDomain), { message: otherDomain }));
    const nonce = await challenge(wallet.address);
    await expectRefused(await verify(nonce, await wallet.signMessage(nonce.message), { nonce: 'abcdefgh12345678' }));
    const signer = await challenge(wallet.address);
    await expectRefused(await verify(signer, await Wallet.createRandom().signMessage(signer.message)));
  });

  it('gives exactly one session to two concurrent verifies of one challenge', async () => {
    const wallet = Wallet.createRandom();
    const c = await challenge(wallet.address);
    const signature = await wallet.signMessage(c.message);
    const results = await Promise.all(Array.from({ length: 5 }, () => verify(c, signature)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('ends a wallet session after 15 minutes idle, and slides while it is used', async () => {
    const wallet = Wallet.createRandom();
    const c = await challenge(wallet.address);
    const token = sessionCookie(await verify(c, await wallet.signMessage(c.message)))!;
    const use = () => fetch(`${api.url}/v1/auth/session`, { headers: { authorization: `Bearer ${token}` } });
    clock.advance(14 * 60 * 1000);
    expect((await use()).status).toBe(200);
    clock.advance(14 * 60 * 1000);
    expect((await use()).status).toBe(200);
    clock.advance(15 * 60 * 1000 + 1);
    expect((await use()).status).toBe(401);
  });
});
